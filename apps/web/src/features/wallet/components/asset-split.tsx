import { useTranslation } from '@bolsa/client-kit/i18n';
import type { AccountAssets, Locale } from '@bolsa/contracts';
import { formatMoney, formatNumber } from '../../../lib/format.ts';
import { walletLabelKey } from '../../../lib/wallet-labels.ts';
import './asset-split.css';

type Slice = { key: string; label: string; value: number; amount: string };

/** Colours of the slices, in order; distinct at a glance and in greyscale. */
const palette = ['#0b57d0', '#12a37f', '#f29900', '#8e44ad', '#d93025', '#5f6368', '#00838f', '#c2185b', '#6d4c41'];

/**
 * One split as a single stacked bar with its legend (issue 15 §1: people would rather look than read).
 * The shares are display-only (floating point); the amounts shown are the server's, formatted.
 */
function SplitBar({ title, slices, locale }: { title: string; slices: Slice[]; locale: Locale }) {
  const shown = slices.filter((slice) => slice.value > 0);
  const total = shown.reduce((sum, slice) => sum + slice.value, 0);
  if (total <= 0) return null;
  let offset = 0;
  return (
    <figure className="asset-split" aria-label={title}>
      <figcaption className="asset-split-title">{title}</figcaption>
      <svg className="asset-split-bar" viewBox="0 0 100 8" preserveAspectRatio="none" role="img" aria-label={title}>
        {shown.map((slice, index) => {
          const width = (slice.value / total) * 100;
          const rect = <rect key={slice.key} x={offset} y={0} width={width} height={8} fill={palette[index % palette.length]} />;
          offset += width;
          return rect;
        })}
      </svg>
      <ul className="asset-split-legend">
        {shown.map((slice, index) => (
          <li key={slice.key}>
            <span className="asset-split-swatch" style={{ background: palette[index % palette.length] }} aria-hidden="true" />
            <span className="asset-split-label">{slice.label}</span>
            <span className="asset-split-share">
              {formatNumber((slice.value / total) * 100, locale, { decimals: 1, minimumDecimals: 1 })}%
            </span>
            <span className="asset-split-value">{formatMoney(slice.amount, locale)}</span>
          </li>
        ))}
      </ul>
    </figure>
  );
}

/** Total assets split by asset class and by wallet, in USD at live rates. */
export function AssetSplit({ assets, locale }: { assets: AccountAssets; locale: Locale }) {
  const { t } = useTranslation();
  const byClass = assets.byAssetClass.map((row) => ({
    key: row.assetClass,
    label: t(`wallet.assetClasses.${row.assetClass}`),
    value: Number(row.valueUsd),
    amount: row.valueUsd,
  }));
  const byWallet = assets.byWallet.map((row) => ({
    key: row.walletType,
    label: t(walletLabelKey(row.walletType)),
    value: Number(row.totalUsd),
    amount: row.totalUsd,
  }));
  return (
    <section className="asset-splits" aria-label={t('wallet.splitTitle')}>
      <SplitBar title={t('wallet.splitByClass')} slices={byClass} locale={locale} />
      <SplitBar title={t('wallet.splitByWallet')} slices={byWallet} locale={locale} />
    </section>
  );
}
