import { useTranslation } from '@bolsa/client-kit/i18n';
import { SIMULATED_DATA_SOURCE } from '@bolsa/contracts';
import './simulated-market-badge.css';

/**
 * "Simulated market", for as long as the quotes say they come from the simulator (their `dataSource`);
 * a vendor's feed names itself instead and the badge goes away. The explanation is read out with it.
 */
export function SimulatedMarketBadge({ dataSource }: { dataSource: string | undefined }) {
  const { t } = useTranslation();
  if (dataSource !== SIMULATED_DATA_SOURCE) return null;
  return (
    <p className="simulated-badge" data-testid="simulated-badge">
      <span className="simulated-badge-label">{t('market.simulated.badge')}</span>
      <span className="simulated-badge-text">{t('market.simulated.explanation')}</span>
    </p>
  );
}
