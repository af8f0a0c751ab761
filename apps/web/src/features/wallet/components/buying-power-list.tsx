import { useTranslation } from '@bolsa/client-kit/i18n';
import type { Locale } from '@bolsa/contracts';
import { currencySymbolOf, formatMoney } from '../../../lib/format.ts';
import { useBuyingPower } from '../api/get-buying-power.ts';

/** The Account tab's buying power per market (issue 15 §3): the cash each market's ticket can spend now. */
export function BuyingPowerList({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const buyingPower = useBuyingPower();
  if (!buyingPower.data) return null;
  return (
    <section className="wallet-section" aria-labelledby="buying-power-heading">
      <h2 id="buying-power-heading" className="section-title">
        {t('wallet.buyingPower.title')}
      </h2>
      <ul className="buying-power-list">
        {buyingPower.data.map((market) => (
          <li key={market.source} className="buying-power-row" data-testid={`buying-power-${market.source}`}>
            <span>{t(`wallet.buyingPower.markets.${market.source}`)}</span>
            <strong>{formatMoney(market.buyingPower, locale, currencySymbolOf(market.currency))}</strong>
          </li>
        ))}
      </ul>
      <p className="form-field-hint">{t('wallet.buyingPower.hint')}</p>
    </section>
  );
}
