import { useTranslation } from '@bolsa/client-kit/i18n';
import type { Locale } from '@bolsa/contracts';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { NavBar } from '../../../components/nav-bar.tsx';
import { currentLocale } from '../../../lib/i18n.ts';
import { pagePath } from '../../../lib/pages.ts';
import { useToken } from '../../../lib/session-store.ts';
import { showError } from '../../../lib/toast.ts';
import { useFollowOrders, useInstitutions, useSellFollow } from '../api/follow-api.ts';
import { FollowItem } from '../components/follow-item.tsx';
import { InstitutionCard } from '../components/institution-card.tsx';
import '../follow.css';
import { InfoCardList } from '../../../components/info-card.tsx';

const tabs = ['institutions', 'mine'] as const;

function Institutions({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const institutions = useInstitutions();
  const rows = institutions.data ?? [];
  if (institutions.isPending) return <ListSkeleton rows={2} />;
  if (institutions.isError) return <EmptyState title={t('follow.loadFailed')} />;
  if (rows.length === 0) return <EmptyState title={t('follow.empty.institutions')} />;
  return (
    <InfoCardList>
      {rows.map((institution) => (
        <InstitutionCard
          key={institution.id}
          institution={institution}
          locale={locale}
          action={
            <Link
              className="button button-primary button-block"
              to={pagePath('paymentFollow', { id: institution.id, name: institution.name })}
            >
              {t('follow.follow')}
            </Link>
          }
        />
      ))}
    </InfoCardList>
  );
}

/** The user's follows; "Sell" asks the server, which refuses until the period ends and says until when (spec §5). */
function MyFollows({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const orders = useFollowOrders();
  const sell = useSellFollow();
  const rows = orders.data?.list ?? [];
  if (orders.isPending) return <ListSkeleton rows={2} />;
  if (orders.isError) return <EmptyState title={t('follow.loadFailed')} />;
  if (rows.length === 0) return <EmptyState title={t('follow.empty.mine')} />;
  return (
    <InfoCardList>
      {rows.map((order) => (
        <FollowItem key={order.id} order={order} locale={locale}>
          {order.status === 'settled' ? null : (
            <button
              type="button"
              className="button button-default button-small"
              disabled={sell.isPending}
              onClick={() => sell.mutate(Number(order.id), { onError: showError })}
            >
              {t('follow.sell')}
            </button>
          )}
        </FollowItem>
      ))}
    </InfoCardList>
  );
}

/** /pages/product/follow: the institutions to follow, each with its realised record (`?tab=institutions`), and the user's follows (`?tab=mine`). */
export function FollowPage() {
  const { t, i18n } = useTranslation();
  const locale = (i18n.resolvedLanguage as Locale | undefined) ?? currentLocale();
  const [searchParams, setSearchParams] = useSearchParams();
  const token = useToken();
  const tab = searchParams.get('tab') === 'mine' && token ? 'mine' : 'institutions';
  return (
    <>
      <NavBar title={t('follow.title')} />
      <div className="page-body">
        {token ? (
          <div className="segmented-options">
            {tabs.map((each) => (
              <button
                key={each}
                type="button"
                className={`segmented-option${each === tab ? ' is-selected' : ''}`}
                aria-pressed={each === tab}
                onClick={() => setSearchParams({ tab: each }, { replace: true })}
              >
                {t(`follow.tabs.${each}`)}
              </button>
            ))}
          </div>
        ) : null}
        <p className="follow-note">{t('follow.honesty')}</p>
        {tab === 'mine' ? <MyFollows locale={locale} /> : <Institutions locale={locale} />}
      </div>
    </>
  );
}
