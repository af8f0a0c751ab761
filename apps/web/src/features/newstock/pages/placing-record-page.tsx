import { useTranslation } from '@bolsa/client-kit/i18n';
import type { Locale, Subscription } from '@bolsa/contracts';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { FactList, InfoCardList } from '../../../components/info-card.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { NavBar } from '../../../components/nav-bar.tsx';
import { formatDate, formatMoney, formatNumber } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { pagePath } from '../../../lib/pages.ts';
import { usePlacingFlatCount, usePlacingRecords } from '../api/new-stock.ts';
import '../newstock.css';

/** Of the stock held: what placings still lock and what can be sold now (position/getPlacingFlatCount). */
function Sellable({ code, locale }: { code: string; locale: Locale }) {
  const { t } = useTranslation();
  const count = usePlacingFlatCount(code);
  if (!count.data) return null;
  const number = (value: string) => formatNumber(value, locale, { decimals: 0 });
  const { lockedQuantity, sellableQuantity, nextMarketDate } = count.data;
  return (
    <p className="ipo-note" data-testid="placing-sellable">
      {nextMarketDate === null
        ? t('newstock.placing.sellableNow', { sellable: number(sellableQuantity) })
        : t('newstock.placing.lockedUntil', {
            locked: number(lockedQuantity),
            sellable: number(sellableQuantity),
            date: formatDate(nextMarketDate, 'DD/MM/YYYY HH:mm'),
          })}
    </p>
  );
}

function RecordRow({ record, locale }: { record: Subscription; locale: Locale }) {
  const { t } = useTranslation();
  const money = (value: string) => formatMoney(value, locale, '$');
  const date = (value: number) => formatDate(value, 'DD/MM/YYYY HH:mm');
  const { offering } = record;
  const rows: Array<[string, string]> = [
    [t('newstock.fields.quantity'), formatNumber(record.quantity, locale, { decimals: 0 })],
    [t('newstock.placing.price'), money(offering.price)],
    [t('newstock.fields.held'), money(record.held)],
    [t('newstock.fields.paid'), money(record.paid)],
    [t('newstock.fields.pending'), money(record.pending)],
  ];
  if (record.allottedQuantity !== null) {
    rows.push([t('newstock.fields.allotted'), formatNumber(record.allottedQuantity, locale, { decimals: 0 })]);
    rows.push([t('newstock.fields.refunded'), money(record.refunded)]);
  }
  rows.push([t('newstock.placing.marketDate'), record.marketDate === null ? '—' : date(record.marketDate)]);
  rows.push([t('newstock.placing.modifyTime'), date(record.modifyTime)]);
  return (
    <li className="info-card">
      <div className="info-card-head">
        <div>
          <h2 className="info-card-name">{offering.name}</h2>
          <span className="info-card-sub">{offering.code}</span>
        </div>
        <span className={`status-tag ipo-state ipo-state-${record.state}`}>
          {record.state === 'listed' ? t('newstock.placing.delivered') : t(`newstock.state.${record.state}`)}
        </span>
      </div>
      <FactList rows={rows} />
      {record.state === 'listed' ? <Sellable code={offering.code} locale={locale} /> : null}
    </li>
  );
}

/** /pages/placing/record: the user's placing applications, what was allotted and returned, and when placed shares can be sold. */
export function PlacingRecordPage() {
  const { t, i18n } = useTranslation();
  const locale = (i18n.resolvedLanguage as Locale | undefined) ?? currentLocale();
  const records = usePlacingRecords();
  const rows = records.data ?? [];
  return (
    <>
      <NavBar title={t('newstock.placing.records')} />
      <div className="page-body">
        {records.isPending ? (
          <ListSkeleton rows={2} />
        ) : rows.length === 0 ? (
          <EmptyState title={t('newstock.placing.empty.records')}>
            <Link className="button button-primary" to={pagePath('placing', { tab: 'open' })}>
              {t('newstock.placing.browse')}
            </Link>
          </EmptyState>
        ) : (
          <InfoCardList>
            {rows.map((record) => (
              <RecordRow key={record.id} record={record} locale={locale} />
            ))}
          </InfoCardList>
        )}
        <p className="ipo-note">{t('newstock.placing.lockExplained')}</p>
      </div>
    </>
  );
}
