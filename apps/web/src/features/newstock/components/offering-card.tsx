import { useTranslation } from '@bolsa/client-kit/i18n';
import type { Locale, Offering } from '@bolsa/contracts';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { FactList } from '../../../components/info-card.tsx';
import { formatDate, formatMoney, formatNumber } from '../../../lib/format.ts';

/** A ratio (0.001) as a percentage (0.1 %), for rates and shares; display only. */
export function ratioPercent(ratio: string, locale: Locale, decimals = 2) {
  return `${formatNumber(Number(ratio) * 100, locale, { decimals, minimumDecimals: decimals })} %`;
}

/** 2026-11-10 as the spec's DD/MM/YYYY. */
const dayOf = (isoDate: string) => isoDate.split('-').reverse().join('/');

/** The state an offering shows on its tag: where it stands in time, or allotted / listed once drawn. */
export function offeringStateKey(offering: Offering): string {
  if (offering.status === 'listed') return 'newstock.state.listed';
  if (offering.status === 'allotted') return 'newstock.state.allotted';
  return `newstock.badge.${offering.phase}`;
}

const date = (value: number) => formatDate(value, 'DD/MM/YYYY HH:mm');

/** A placing's facts: its fixed price against the last close at its announcement, why, its window and when the shares can be sold. */
function placingFacts(offering: Offering, locale: Locale, t: TFunction): Array<[string, ReactNode]> {
  const money = (value: string) => formatMoney(value, locale, '$');
  const rows: Array<[string, ReactNode]> = [[t('newstock.placing.price'), money(offering.price)]];
  if (offering.referenceClose) rows.push([t('newstock.placing.lastClose'), money(offering.referenceClose)]);
  if (offering.discountRate) rows.push([t('newstock.placing.discount'), ratioPercent(offering.discountRate, locale)]);
  if (offering.reason) rows.push([t('newstock.placing.reason'), offering.reason]);
  rows.push(
    [t('newstock.fields.lotSize'), formatNumber(offering.lotSize, locale, { decimals: 0 })],
    [t('newstock.fields.minQuantity'), formatNumber(offering.minQuantity, locale, { decimals: 0 })],
    [t('newstock.fields.sharesOffered'), formatNumber(offering.sharesOffered, locale, { decimals: 0 })],
    [t('newstock.fields.feeRate'), ratioPercent(offering.feeRate, locale)],
    [t('newstock.placing.window'), `${date(offering.openTimestamp)} – ${date(offering.purchaseEndDate)}`],
    [t('newstock.placing.delivery'), date(offering.listDate)],
    [t('newstock.placing.marketDate'), offering.marketDate === null ? '—' : date(offering.marketDate)],
    [t('newstock.fields.rule'), t(`newstock.rules.${offering.allocationRule}`)],
    [t('newstock.fields.demand'), t('newstock.demand', { applications: offering.applications, lots: offering.appliedLots })],
  );
  if (offering.oversubscription) rows.push([t('newstock.fields.oversubscription'), `${offering.oversubscription}×`]);
  return rows;
}

/** The facts of one offering every screen shows the same way: price, lots, dates, rule and demand. */
export function offeringFacts(offering: Offering, locale: Locale, t: TFunction): Array<[string, ReactNode]> {
  if (offering.kind === 'placing') return placingFacts(offering, locale, t);
  const money = (value: string) => formatMoney(value, locale, '$');
  const rows: Array<[string, ReactNode]> = [
    [t('newstock.fields.priceRange'), `${money(offering.priceLow)} – ${money(offering.priceHigh)}`],
    [t('newstock.fields.price'), money(offering.price)],
    [t('newstock.fields.lotSize'), formatNumber(offering.lotSize, locale, { decimals: 0 })],
    [t('newstock.fields.minQuantity'), formatNumber(offering.minQuantity, locale, { decimals: 0 })],
    [t('newstock.fields.sharesOffered'), formatNumber(offering.sharesOffered, locale, { decimals: 0 })],
    [t('newstock.fields.fundRaising'), money(offering.fundRaising)],
    [t('newstock.fields.feeRate'), ratioPercent(offering.feeRate, locale)],
    [t('newstock.fields.window'), `${date(offering.openTimestamp)} – ${date(offering.purchaseEndDate)}`],
    [t('newstock.fields.allotDate'), date(offering.allotTimestamp)],
    [t('newstock.fields.listDate'), date(offering.listDate)],
    [
      t('newstock.fields.prospectus'),
      offering.prospectusUrl ? (
        <a key="prospectus" href={offering.prospectusUrl} target="_blank" rel="noreferrer">
          {dayOf(offering.prospectusDate)}
        </a>
      ) : (
        dayOf(offering.prospectusDate)
      ),
    ],
    [t('newstock.fields.rule'), t(`newstock.rules.${offering.allocationRule}`)],
    [t('newstock.fields.demand'), t('newstock.demand', { applications: offering.applications, lots: offering.appliedLots })],
  ];
  if (offering.oversubscription) rows.push([t('newstock.fields.oversubscription'), `${offering.oversubscription}×`]);
  if (offering.oneLotSuccessRate) rows.push([t('newstock.fields.oneLotRate'), ratioPercent(offering.oneLotSuccessRate, locale)]);
  return rows;
}

/** One IPO in the list: its name, code and market, its state, its facts and what the user can do now. */
export function OfferingCard({ offering, locale, action }: { offering: Offering; locale: Locale; action?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <li className="info-card">
      <div className="info-card-head">
        <div>
          <h2 className="info-card-name">{offering.name}</h2>
          <span className="info-card-sub">
            {offering.code} · {offering.exchangeCode}
          </span>
        </div>
        <span className={`status-tag ipo-state ipo-state-${offering.status === 'published' ? offering.phase : offering.status}`}>
          {t(offeringStateKey(offering))}
        </span>
      </div>
      <FactList rows={offeringFacts(offering, locale, t)} />
      {action}
    </li>
  );
}
