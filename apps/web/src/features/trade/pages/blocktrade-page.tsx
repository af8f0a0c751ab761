import { useTranslation } from '@bolsa/client-kit/i18n';
import type { Locale } from '@bolsa/contracts';
import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { NavBar } from '../../../components/nav-bar.tsx';
import { formatDecimal } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { useBlockInstruments, useBlockPermission } from '../api/blocktrade.ts';
import { BlockPermissionCard } from '../components/block-permission.tsx';
import { BlockTicket } from '../components/block-ticket.tsx';
import '../trade.css';

/** The eligible instruments with their block size and today's band; with an active permission, tapping one opens its ticket. */
function EligibleInstruments({ locale, canTrade }: { locale: Locale; canTrade: boolean }) {
  const { t } = useTranslation();
  const instruments = useBlockInstruments();
  const [chosen, setChosen] = useState<string | null>(null);
  if (instruments.isPending) return <ListSkeleton rows={3} />;
  const list = instruments.data ?? [];
  if (list.length === 0) return <EmptyState title={t('trade.block.noInstruments')} />;
  return (
    <ul className="block-instruments" aria-label={t('trade.block.instrumentsTitle')}>
      {list.map((instrument) => (
        <li key={instrument.code} className="block-instrument">
          <button
            type="button"
            className="block-instrument-head"
            disabled={!canTrade}
            aria-expanded={canTrade ? chosen === instrument.code : undefined}
            onClick={() => setChosen(chosen === instrument.code ? null : instrument.code)}
          >
            <span className="block-instrument-name">
              <strong>{instrument.code}</strong> <span>{instrument.name}</span>
            </span>
            <span className="block-instrument-facts">
              {t('trade.block.sizeAndBand', {
                size: formatDecimal(instrument.blockSize, locale),
                low: formatDecimal(instrument.bandLow, locale),
                high: formatDecimal(instrument.bandHigh, locale),
              })}
            </span>
          </button>
          {canTrade && chosen === instrument.code ? <BlockTicket instrument={instrument} locale={locale} /> : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * /pages/product/blocktrade (spec §2): block trades. The permission's state and what it takes, the
 * application with its questionnaire, the eligible instruments with their block sizes and today's band,
 * and, once the permission is active, a quote held for 10 seconds and its acceptance.
 */
export function BlockTradePage() {
  const { t, i18n } = useTranslation();
  const locale = (i18n.resolvedLanguage as Locale | undefined) ?? currentLocale();
  const permission = useBlockPermission();
  return (
    <>
      <NavBar title={t('trade.block.title')} />
      <div className="page-body">
        <p className="notice">
          <span className="notice-text">{t('trade.block.intro')}</span>
        </p>
        {permission.isPending || !permission.data ? (
          <ListSkeleton rows={2} />
        ) : (
          <BlockPermissionCard permission={permission.data} locale={locale} />
        )}
        <h2 className="section-title">{t('trade.block.instrumentsTitle')}</h2>
        <p className="form-note">{t('trade.block.simulated')}</p>
        <EligibleInstruments locale={locale} canTrade={permission.data?.state === 'active'} />
      </div>
    </>
  );
}
