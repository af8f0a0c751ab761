import '../../../lib/antd-mobile-setup.ts';
import { useTranslation } from '@bolsa/client-kit/i18n';
import { useCallback, useRef } from 'react';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { NavBar } from '../../../components/nav-bar.tsx';
import { QrCode } from '../../../components/qr-code.tsx';
import { copyText } from '../../../lib/clipboard.ts';
import { currencySymbolOf, formatMoney } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { showToast } from '../../../lib/toast.ts';
import { type ReferralShare, useReferralShare } from '../api/referral-api.ts';
import { CopyRow } from '../components/copy-row.tsx';
import { InviteeList } from '../components/invitee-list.tsx';
import { ProgrammeTerms } from '../components/programme-terms.tsx';
import { referralLinkOf, saveImage } from '../components/referral-link.ts';
import '../referral.css';

/** The QR code of the link, with saving it as an image and sharing the link (or copying it where sharing is missing). */
function ShareCard({ share }: { share: ReferralShare }) {
  const { t } = useTranslation();
  const link = referralLinkOf(share.invitationCode);
  const image = useRef<string | null>(null);
  const onDrawn = useCallback((dataUrl: string) => {
    image.current = dataUrl;
  }, []);
  const save = () => {
    const isSaved = image.current !== null && saveImage(image.current, `bolsa-${share.invitationCode}.png`);
    showToast(t(isSaved ? 'referral.imageSaved' : 'referral.imageSaveFailed'), isSaved ? 'success' : 'fail');
  };
  const shareLink = async () => {
    if (typeof navigator.share === 'function') {
      // A dismissed share sheet is the user's choice, not a failure: nothing to say.
      await navigator
        .share({ title: 'Bolsa', text: t('referral.shareText', { code: share.invitationCode }), url: link })
        .catch(() => undefined);
      return;
    }
    const isCopied = await copyText(link);
    showToast(isCopied ? t('common.copySuccess') : t('common.copyFailed'), isCopied ? 'success' : 'fail');
  };
  return (
    <section className="referral-card referral-share">
      <QrCode value={link} alt={t('referral.qrAlt')} onDrawn={onDrawn} />
      <p className="referral-muted">{t('referral.qrHint')}</p>
      <div className="referral-actions">
        <button type="button" className="button button-default" onClick={save}>
          {t('referral.saveImage')}
        </button>
        <button type="button" className="button button-primary" onClick={() => void shareLink()}>
          {t('referral.share')}
        </button>
      </div>
      <CopyRow label={t('referral.codeLabel')} value={share.invitationCode} copyLabel={t('referral.copyCode')} testId="invitation-code" />
      <CopyRow label={t('referral.linkLabel')} value={link} copyLabel={t('referral.copyLink')} testId="invitation-link" />
    </section>
  );
}

function Figures({ share }: { share: ReferralShare }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const money = (value: string) => formatMoney(value, locale, currencySymbolOf(share.programme.currency));
  return (
    <dl className="referral-card referral-figures">
      <div>
        <dt>{t('referral.inviteeCount')}</dt>
        <dd>{share.inviteeCount}</dd>
      </div>
      <div>
        <dt>{t('referral.paidThisYear')}</dt>
        <dd>{money(share.paidThisYear)}</dd>
      </div>
      <div>
        <dt>{t('referral.paidTotal')}</dt>
        <dd>{money(share.paidTotal)}</dd>
      </div>
    </dl>
  );
}

/** /pages/profile/share: the invitation code, its link and QR code, the programme's terms, and the user's referrals. */
export function SharePage() {
  const { t } = useTranslation();
  const share = useReferralShare();
  return (
    <>
      <NavBar title={t('referral.title')} />
      <div className="page-body">
        {share.isPending ? (
          <ListSkeleton rows={4} />
        ) : share.isError ? (
          <EmptyState title={t('referral.loadFailed')}>
            <button type="button" className="button button-primary" onClick={() => void share.refetch()}>
              {t('common.retry')}
            </button>
          </EmptyState>
        ) : (
          <>
            <ShareCard share={share.data} />
            <Figures share={share.data} />
            <ProgrammeTerms programme={share.data.programme} />
            <section className="referral-card" aria-labelledby="referral-invitees-title">
              <h2 id="referral-invitees-title" className="referral-card-title">
                {t('referral.inviteesTitle')}
              </h2>
              <InviteeList />
            </section>
          </>
        )}
      </div>
    </>
  );
}
