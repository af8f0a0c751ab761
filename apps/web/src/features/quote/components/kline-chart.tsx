import { useTranslation } from '@bolsa/client-kit/i18n';
import type { Candle, Locale, QuoteTick } from '@bolsa/contracts';
import { useEffect, useRef, useState } from 'react';
import { formatNumber, intlLocale } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import '../quote.css';

type ChartApi = {
  setCandles(candles: readonly Candle[], isIntraday: boolean): void;
  updateLast(tick: QuoteTick, bucketSeconds: number): void;
  remove(): void;
};

const rise = '#0a7d3e';
const fall = '#c62828';

/**
 * The chart's axis and crosshair in the reader's language (issue 15 §9): "1.234,56" in Spanish, "1,234.56" in
 * English, dates by Intl. Prices keep up to 5 decimals (forex) and at least 2.
 */
export function chartLocalization(locale: Locale) {
  return {
    locale: intlLocale(locale),
    priceFormatter: (price: number) => formatNumber(price, locale, { decimals: 5, minimumDecimals: 2 }),
  };
}

/** Resolves after the browser has painted the current frame (a task queued from the next frame's callback). */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/**
 * The K-line: candlesticks with volume bars and a crosshair. lightweight-charts (about 45 KB compressed)
 * is imported only when a chart is shown, and only once the quote's numbers above it have been painted,
 * so a quote opened by link shows its price without waiting for the chart's library.
 */
async function createKlineChart(element: HTMLElement, locale: Locale): Promise<ChartApi> {
  await afterNextPaint();
  const { createChart, CandlestickSeries, HistogramSeries, CrosshairMode } = await import('lightweight-charts');
  const chart = createChart(element, {
    autoSize: true,
    localization: chartLocalization(locale),
    layout: { background: { color: '#ffffff' }, textColor: '#595959', attributionLogo: false },
    grid: { vertLines: { color: '#f0f0f0' }, horzLines: { color: '#f0f0f0' } },
    crosshair: { mode: CrosshairMode.Normal },
    rightPriceScale: { borderColor: '#d9d9d9' },
    timeScale: { borderColor: '#d9d9d9', timeVisible: true, secondsVisible: false },
  });
  const candles = chart.addSeries(CandlestickSeries, {
    upColor: rise,
    downColor: fall,
    borderUpColor: rise,
    borderDownColor: fall,
    wickUpColor: rise,
    wickDownColor: fall,
  });
  const volume = chart.addSeries(HistogramSeries, { priceScaleId: 'volume', priceFormat: { type: 'volume' } });
  chart.priceScale('volume').applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
  candles.priceScale().applyOptions({ scaleMargins: { top: 0.05, bottom: 0.25 } });
  type Time = Parameters<typeof candles.update>[0]['time'];
  let last: { time: number; open: number; high: number; low: number; close: number; volume: number } | undefined;
  return {
    setCandles(rows, isIntraday) {
      chart.applyOptions({ timeScale: { timeVisible: isIntraday } });
      candles.setData(
        rows.map((row) => ({
          time: row.time as Time,
          open: Number(row.open),
          high: Number(row.high),
          low: Number(row.low),
          close: Number(row.close),
        })),
      );
      volume.setData(
        rows.map((row) => ({
          time: row.time as Time,
          value: Number(row.volume),
          color: Number(row.close) >= Number(row.open) ? `${rise}80` : `${fall}80`,
        })),
      );
      const tail = rows[rows.length - 1];
      last = tail
        ? {
            time: tail.time,
            open: Number(tail.open),
            high: Number(tail.high),
            low: Number(tail.low),
            close: Number(tail.close),
            volume: Number(tail.volume),
          }
        : undefined;
      chart.timeScale().fitContent();
    },
    updateLast(tick, bucketSeconds) {
      const price = Number(tick.price);
      const bucket = Math.floor(tick.timestamp / 1000 / bucketSeconds) * bucketSeconds;
      if (!last || bucket < last.time) return;
      if (bucket > last.time) last = { time: bucket, open: price, high: price, low: price, close: price, volume: 0 };
      else last = { ...last, high: Math.max(last.high, price), low: Math.min(last.low, price), close: price };
      candles.update({ time: last.time as Time, open: last.open, high: last.high, low: last.low, close: last.close });
    },
    remove() {
      chart.remove();
    },
  };
}

export function KlineChart({
  candles,
  interval,
  live,
}: {
  candles: readonly Candle[] | undefined;
  interval: string;
  live: QuoteTick | undefined;
}) {
  const { t, i18n } = useTranslation();
  const locale = (i18n.resolvedLanguage as Locale | undefined) ?? currentLocale();
  const container = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<ChartApi | undefined>();
  const bucketSeconds = interval === '1m' ? 60 : interval === '30m' ? 1800 : 86_400;

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let created: ChartApi | undefined;
    let isCancelled = false;
    void createKlineChart(element, locale).then((api) => {
      if (isCancelled) api.remove();
      else {
        created = api;
        setChart(api);
      }
    });
    return () => {
      isCancelled = true;
      created?.remove();
      setChart(undefined);
    };
  }, [locale]);

  useEffect(() => {
    if (chart && candles) chart.setCandles(candles, interval !== '1d');
  }, [chart, candles, interval]);

  useEffect(() => {
    // Daily candles follow the trading date, which the quote's timestamp does not give: only intraday ones move live.
    if (chart && live && interval !== '1d') chart.updateLast(live, bucketSeconds);
  }, [chart, live, interval, bucketSeconds]);

  return (
    <div className="kline" role="img" aria-label={t('quote.chartLabel')} data-candles={candles?.length ?? 0}>
      <div ref={container} className="kline-canvas" />
      {candles && candles.length === 0 ? <p className="kline-empty">{t('quote.noCandles')}</p> : null}
    </div>
  );
}
