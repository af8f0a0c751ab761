import { useTranslation } from '@bolsa/client-kit/i18n';
import { type Locale, ROBOT_WALLET, type RobotPrice, type RobotTemplate } from '@bolsa/contracts';
import { Dialog } from 'antd-mobile';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { NavBar } from '../../../components/nav-bar.tsx';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { isAnswerUnknown, useSubmissionKey } from '../../../lib/idempotency.ts';
import { pagePath } from '../../../lib/pages.ts';
import { useToken } from '../../../lib/session-store.ts';
import { showToast } from '../../../lib/toast.ts';
import { useBuyRobot, useRobotTemplates, useWalletBalance } from '../api/robots-api.ts';
import { reasonText } from '../components/robot-format.ts';
import { RobotExplanation } from '../components/robot-parts.tsx';
import '../robots.css';

/** An offer's name: "Licence (never expires)" or "Rent for 30 days". */
export function offerLabel(price: Pick<RobotPrice, 'kind' | 'days'>, t: ReturnType<typeof useTranslation>['t']): string {
  return price.kind === 'purchase' ? t('robots.offer.purchase') : t('robots.offer.rental', { count: price.days ?? 0 });
}

/** Buys a licence or rents after the user confirms the price, then says how it went: "Purchase successful" or "Failed purchase" with the reason. */
function useBuyFlow(locale: Locale) {
  const { t } = useTranslation();
  const buy = useBuyRobot();
  const submission = useSubmissionKey();
  const balance = useWalletBalance(ROBOT_WALLET);
  const start = async (template: RobotTemplate, price: RobotPrice) => {
    const isConfirmed = await Dialog.confirm({
      title: `${template.name} · ${offerLabel(price, t)}`,
      content: [
        t('robots.buy.confirmPrice', { price: formatMoney(price.price, locale) }),
        price.energyIncluded > 0 ? t('robots.buy.energyIncluded', { count: price.energyIncluded }) : '',
        balance.data ? t('robots.buy.available', { amount: formatMoney(balance.data.availableBalance, locale) }) : '',
      ]
        .filter(Boolean)
        .join(' '),
      confirmText: t('robots.buy.confirm'),
      cancelText: t('robots.buy.cancel'),
    });
    if (!isConfirmed) return;
    buy.mutate(
      { priceId: price.id, idempotencyKey: submission.keyFor(price.id) },
      {
        onSuccess: (purchase) => {
          submission.settle();
          if (purchase.status === 'successful') showToast(t('robots.buy.successful'), 'success');
          else showToast(t('robots.buy.failed', { reason: reasonText(purchase.failReason, t) }), 'fail');
        },
        onError: (failure) => {
          if (!isAnswerUnknown(failure)) submission.settle();
          showToast(t('robots.buy.failed', { reason: failure.message }), 'fail');
        },
      },
    );
  };
  return { start, isPending: buy.isPending };
}

function TemplateCard({
  template,
  locale,
  isSignedIn,
  onBuy,
  isBuying,
}: {
  template: RobotTemplate;
  locale: Locale;
  isSignedIn: boolean;
  onBuy: (price: RobotPrice) => void;
  isBuying: boolean;
}) {
  const { t } = useTranslation();
  const licence = template.licence;
  return (
    <li className="robot-card" aria-label={template.name}>
      <div className="robot-card-head">
        <div>
          <h2 className="robot-card-name">{template.name}</h2>
          <span className="robot-note">
            {template.code} · {t(`robots.kind.${template.kind}`)}
          </span>
        </div>
        {licence ? (
          <span className="status-tag robot-tag-licensed">
            {licence.expiresAtTimestamp === null
              ? t('robots.licence.owned')
              : t('robots.licence.until', { date: formatDate(licence.expiresAtTimestamp, 'DD/MM/YYYY HH:mm') })}
          </span>
        ) : null}
      </div>
      <RobotExplanation kind={template.kind} />
      <h3 className="robot-subtitle">{t('robots.offer.title')}</h3>
      {template.prices.length === 0 ? <p className="robot-note">{t('robots.offer.none')}</p> : null}
      <ul className="robot-offers">
        {template.prices.map((price) => (
          <li key={price.id} className="robot-offer">
            <span>
              <strong>{offerLabel(price, t)}</strong>
              <span className="robot-note">
                {' '}
                {price.energyIncluded > 0 ? t('robots.offer.energy', { count: price.energyIncluded }) : t('robots.offer.noEnergy')}
              </span>
            </span>
            {isSignedIn ? (
              <button
                type="button"
                className="button button-default button-small"
                disabled={isBuying || (licence !== null && licence.expiresAtTimestamp === null)}
                onClick={() => onBuy(price)}
                aria-label={`${offerLabel(price, t)} · ${formatMoney(price.price, locale)}`}
              >
                {formatMoney(price.price, locale)}
              </button>
            ) : (
              <span className="robot-price">{formatMoney(price.price, locale)}</span>
            )}
          </li>
        ))}
      </ul>
      {isSignedIn ? (
        <Link className="button button-primary button-block" to={pagePath('robotStart', { id: template.id })}>
          {licence ? t('robots.startRun') : t('robots.tryBacktest')}
        </Link>
      ) : (
        <Link className="button button-primary button-block" to={pagePath('login', { redirect: pagePath('robots') })}>
          {t('robots.loginToBuy')}
        </Link>
      )}
    </li>
  );
}

/** /pages/robot/index: the strategy templates, each explained in plain words, with their offers (buy once or rent). */
export function RobotsPage() {
  const { t, i18n } = useTranslation();
  const locale = (i18n.resolvedLanguage as Locale | undefined) ?? currentLocale();
  const token = useToken();
  const templates = useRobotTemplates();
  const buyFlow = useBuyFlow(locale);
  const rows = templates.data ?? [];
  return (
    <>
      <NavBar
        title={t('robots.title')}
        right={
          token ? (
            <Link className="nav-bar-text-link" to={pagePath('robotMine')}>
              {t('robots.mine.title')}
            </Link>
          ) : undefined
        }
      />
      <div className="page-body">
        <p className="robot-honesty">{t('robots.honesty')}</p>
        {templates.isPending ? (
          <ListSkeleton rows={3} />
        ) : templates.isError ? (
          <EmptyState title={t('robots.loadFailed')}>
            <button type="button" className="button button-default" onClick={() => void templates.refetch()}>
              {t('robots.retry')}
            </button>
          </EmptyState>
        ) : rows.length === 0 ? (
          <EmptyState title={t('robots.empty.templates')} />
        ) : (
          <ul className="robot-list">
            {rows.map((template) => (
              <TemplateCard
                key={template.id}
                template={template}
                locale={locale}
                isSignedIn={Boolean(token)}
                isBuying={buyFlow.isPending}
                onBuy={(price) => void buyFlow.start(template, price)}
              />
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
