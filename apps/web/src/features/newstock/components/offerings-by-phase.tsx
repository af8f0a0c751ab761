import '../../../lib/antd-mobile-setup.ts';
import { useTranslation } from '@bolsa/client-kit/i18n';
import { type Locale, type Offering, type OfferingPhase, offeringPhases } from '@bolsa/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { PullToRefresh } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { InfoCardList } from '../../../components/info-card.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { NavBar } from '../../../components/nav-bar.tsx';
import { currentLocale } from '../../../lib/i18n.ts';
import { OfferingCard } from './offering-card.tsx';

function phaseFromQuery(value: string | null): OfferingPhase {
  return (offeringPhases as readonly string[]).includes(value ?? '') ? (value as OfferingPhase) : 'open';
}

/**
 * A list page of offerings of one kind in three phases (`?tab=` upcoming, open, closed, default open):
 * the phase tabs, an honesty note, whatever the page adds, and each offering's card with its action.
 */
export function OfferingsByPhase(props: {
  title: string;
  note: string;
  useOfferings: (phase: OfferingPhase) => UseQueryResult<Offering[]>;
  emptyTitle: (phase: OfferingPhase) => string;
  actionOf: (offering: Offering) => ReactNode;
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const locale = (i18n.resolvedLanguage as Locale | undefined) ?? currentLocale();
  const [searchParams, setSearchParams] = useSearchParams();
  const phase = phaseFromQuery(searchParams.get('tab'));
  const offerings = props.useOfferings(phase);
  const rows = offerings.data ?? [];
  return (
    <>
      <NavBar title={props.title} />
      <div className="page-body">
        <div className="segmented-options">
          {offeringPhases.map((each) => (
            <button
              key={each}
              type="button"
              className={`segmented-option${each === phase ? ' is-selected' : ''}`}
              aria-pressed={each === phase}
              onClick={() => setSearchParams({ tab: each }, { replace: true })}
            >
              {t(`newstock.phase.${each}`)}
            </button>
          ))}
        </div>
        <p className="ipo-note">{props.note}</p>
        {props.children}
        <PullToRefresh onRefresh={async () => void (await offerings.refetch())}>
          {offerings.isPending ? (
            <ListSkeleton rows={2} />
          ) : offerings.isError ? (
            <EmptyState title={t('newstock.loadFailed')}>
              <button type="button" className="button button-primary" onClick={() => void offerings.refetch()}>
                {t('common.retry')}
              </button>
            </EmptyState>
          ) : rows.length === 0 ? (
            <EmptyState title={props.emptyTitle(phase)} />
          ) : (
            <InfoCardList>
              {rows.map((offering) => (
                <OfferingCard key={offering.id} offering={offering} locale={locale} action={props.actionOf(offering)} />
              ))}
            </InfoCardList>
          )}
        </PullToRefresh>
      </div>
    </>
  );
}
