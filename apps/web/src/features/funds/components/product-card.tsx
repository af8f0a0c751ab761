import { useTranslation } from '@bolsa/client-kit/i18n';
import type { Locale } from '@bolsa/contracts';
import type { ReactNode } from 'react';
import { formatMoney } from '../../../lib/format.ts';
import type { FundProduct } from '../api/funds-api.ts';
import { bpsText, dayText, percentText } from './fund-format.ts';

/** The facts of a product a buyer relies on: the published rate and its day, the posted yield, the redemption rules. */
function factsOf(product: FundProduct, locale: Locale, t: ReturnType<typeof useTranslation>['t']): Array<[string, string]> {
  const money = (value: string) => formatMoney(value, locale);
  if (product.kind === 'current')
    return [
      [
        product.rateDate ? t('fund.publishedRateOn', { date: dayText(product.rateDate) }) : t('fund.publishedRate'),
        product.rateBps === null ? t('fund.noRateYet') : bpsText(product.rateBps, locale),
      ],
      [
        t('fund.sevenDayYield', { days: product.sevenDayYieldDays }),
        product.sevenDayYield === null ? t('fund.noIncomeYet') : percentText(product.sevenDayYield, locale),
      ],
      [t('fund.instantCap'), money(product.instantRedeemDailyCap ?? '0')],
      [t('fund.minimum'), money(product.minAmount)],
    ];
  return [
    [t('fund.term'), t('fund.days', { value: product.periodDays ?? 0 })],
    [t('fund.fixedRate'), bpsText(product.rateBps ?? 0, locale)],
    [
      t('fund.earlyRedemption'),
      product.isEarlyRedemptionAllowed
        ? t('fund.earlyAllowed', { fee: bpsText(product.earlyRedemptionFeeBps, locale) })
        : t('fund.earlyNotAllowed'),
    ],
    [t('fund.minimum'), money(product.minAmount)],
  ];
}

/** One product; choosing it opens the purchase form (`children`) in the card, under the facts it is bought on. */
export function ProductCard({
  product,
  locale,
  isSelected,
  onChoose,
  children,
}: {
  product: FundProduct;
  locale: Locale;
  isSelected: boolean;
  onChoose: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <li className={`fund-card${isSelected ? ' is-selected' : ''}`} aria-label={product.name}>
      <div className="fund-row">
        <h2 className="fund-title">{product.name}</h2>
        <span className="fund-note">{t(`fund.kind.${product.kind}`)}</span>
      </div>
      <dl className="fund-facts">
        {factsOf(product, locale, t).map(([label, value]) => (
          <div key={label} className="fund-row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {isSelected ? (
        children
      ) : (
        <div className="fund-actions">
          <button type="button" className="button button-default" onClick={onChoose}>
            {t('fund.choose', { name: product.name })}
          </button>
        </div>
      )}
    </li>
  );
}
