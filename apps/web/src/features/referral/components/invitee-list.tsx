import { useTranslation } from '@bolsa/client-kit/i18n';
import { dateFormats } from '@bolsa/contracts';
import { ListEnd } from '../../../components/list-end.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useInvitees } from '../api/referral-api.ts';

const date = (timestamp: number) => formatDate(timestamp, dateFormats.date);

/** The user's referrals: each invitee masked, registered, verified, funded, and where the reward stands. */
export function InviteeList() {
  const { t } = useTranslation();
  const invitees = useInvitees();
  const list = invitees.data?.pages.flatMap((page) => page.list) ?? [];
  if (invitees.isPending) return null;
  if (invitees.isError && list.length === 0) return <p className="referral-muted">{t('referral.loadFailed')}</p>;
  if (list.length === 0) return <p className="referral-muted">{t('referral.noInvitees')}</p>;
  return (
    <>
      <ul className="referral-invitees">
        {list.map((invitee) => (
          <li key={`${invitee.maskedEmail}-${invitee.registeredAtTimestamp}`} className="referral-invitee">
            <div className="referral-invitee-head">
              <span className="referral-value">{invitee.maskedEmail}</span>
              <span className={`referral-state referral-state-${invitee.state}`}>{t(`referral.states.${invitee.state}`)}</span>
            </div>
            <span>{t('referral.registered', { date: date(invitee.registeredAtTimestamp) })}</span>
            <span>{t(invitee.isVerified ? 'referral.verified' : 'referral.notVerified')}</span>
            <span>
              {invitee.fundedSinceTimestamp === null
                ? t('referral.notFunded')
                : t('referral.funded', { date: date(invitee.fundedSinceTimestamp) })}
            </span>
            {invitee.dueAtTimestamp === null ? null : <span>{t('referral.dueAt', { date: date(invitee.dueAtTimestamp) })}</span>}
          </li>
        ))}
      </ul>
      <ListEnd
        hasMore={invitees.hasNextPage}
        loadMore={async () => {
          const result = await invitees.fetchNextPage();
          if (result.isError) throw result.error;
        }}
      />
    </>
  );
}
