import { useTranslation } from '@bolsa/client-kit/i18n';
import type { Kline, Locale, QuoteTick } from '@bolsa/contracts';
import { useEffect, useRef, useState } from 'react';
import { decimalsOf, formatNumber, intlLocale } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import '../quote.css';

type ChartApi = {
  setKline(kline: Kline): void;
  updateLast(tick: QuoteTick, bucketSeconds: number): void;
  remove(): void;
};

const rise = '#0a7d3e';
const fall = '#c62828';

const previousCloseColor = '#8c8c8c';
/** The US pre- and post-market behind the 1D chart's candles. */
const extendedHoursColor = '#eef1f6';

/** The chart's dates in the reader's language (issue 15 §9), by Intl. */
export function chartLocalization(locale: Locale) {
  return { locale: intlLocale(locale) };
}

/**
 * The candle series' price format: its axis, crosshair and last-price label in the reader's language
 * ("1.234,56" in Spanish, "1,234.56" in English) with exactly the decimals of the instrument's tick, and
 * the tick as the scale's step, so EUR/USD is never drawn with 2 decimals (USD/JPY 3, AAPL 2). The
 * volume bars keep their own format.
 */
export function chartPriceFormat(locale: Locale, tickSize: string) {
  const decimals = decimalsOf(tickSize);
  return {
    type: 'custom' as const,
    minMove: Number(tickSize) || 0.01,
    formatter: (price: number) => formatNumber(price, locale, { decimals, minimumDecimals: decimals }),
  };
}

/** Resolves after the browser has painted the current frame (a task queued from the next frame's callback). */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

type ChartLibrary = typeof import('lightweight-charts');
type AutoscaleInfo = import('lightweight-charts').AutoscaleInfo;
type ChartOf = ReturnType<ChartLibrary['createChart']>;

/**
 * The 1D chart's session marks: the previous close as a dotted line (the day's move read against it)
 * and, behind the candles, full-height bars over a US stock's pre- and post-market minutes. Made before
 * the candle series, so the shading is drawn first.
 */
function createSessionMarks(library: ChartLibrary, chart: ChartOf) {
  const shading = chart.addSeries(library.HistogramSeries, {
    priceScaleId: 'session',
    lastValueVisible: false,
    priceLineVisible: false,
    color: extendedHoursColor,
  });
  chart.priceScale('session').applyOptions({ scaleMargins: { top: 0, bottom: 0 }, visible: false });
  type Time = Parameters<typeof shading.update>[0]['time'];
  type Line = { remove(): void };
  let previousClose: Line | undefined;
  return {
    set(kline: Kline, candles: ReturnType<ChartOf['addSeries']>) {
      const isExtended = (time: number) => kline.extendedHours.some((hours) => time >= hours.start && time < hours.end);
      shading.setData(kline.candles.map((row) => ({ time: row.time as Time, value: isExtended(row.time) ? 1 : 0 })));
      previousClose?.remove();
      previousClose = undefined;
      const prevClose = kline.prevClose === null ? undefined : Number(kline.prevClose);
      // The scale reaches the previous close, so its line is always in view.
      candles.applyOptions({
        autoscaleInfoProvider: (original: () => AutoscaleInfo | null) => {
          const info = original();
          if (!info?.priceRange || prevClose === undefined) return info;
          const { minValue, maxValue } = info.priceRange;
          return { ...info, priceRange: { minValue: Math.min(minValue, prevClose), maxValue: Math.max(maxValue, prevClose) } };
        },
      });
      if (prevClose === undefined) return;
      const line = candles.createPriceLine({
        price: prevClose,
        color: previousCloseColor,
        lineWidth: 1,
        lineStyle: library.LineStyle.Dotted,
        axisLabelVisible: true,
        title: '',
      });
      previousClose = { remove: () => candles.removePriceLine(line) };
    },
  };
}

/**
 * The K-line: candlesticks with volume bars and a crosshair. lightweight-charts (about 45 KB compressed)
 * is imported only when a chart is shown, and only once the quote's numbers above it have been painted,
 * so a quote opened by link shows its price without waiting for the chart's library.
 */
async function createKlineChart(element: HTMLElement, locale: Locale, tickSize: string): Promise<ChartApi> {
  await afterNextPaint();
  const library = await import('lightweight-charts');
  const { createChart, CandlestickSeries, HistogramSeries, CrosshairMode } = library;
  const chart = createChart(element, {
    autoSize: true,
    localization: chartLocalization(locale),
    layout: { background: { color: '#ffffff' }, textColor: '#595959', attributionLogo: false },
    grid: { vertLines: { color: '#f0f0f0' }, horzLines: { color: '#f0f0f0' } },
    crosshair: { mode: CrosshairMode.Normal },
    rightPriceScale: { borderColor: '#d9d9d9' },
    timeScale: { borderColor: '#d9d9d9', timeVisible: true, secondsVisible: false },
  });
  const marks = createSessionMarks(library, chart);
  const candles = chart.addSeries(CandlestickSeries, {
    priceFormat: chartPriceFormat(locale, tickSize),
    upColor: rise,
    downColor: fall,
    borderUpColor: rise,
    borderDownColor: fall,
    wickUpColor: rise,
    wickDownColor: fall,
  });
  const volume = chart.addSeries(HistogramSeries, {
    priceScaleId: 'volume',
    priceFormat: { type: 'volume' },
    lastValueVisible: false,
    priceLineVisible: false,
  });
  chart.priceScale('volume').applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
  candles.priceScale().applyOptions({ scaleMargins: { top: 0.05, bottom: 0.25 } });
  type Time = Parameters<typeof candles.update>[0]['time'];
  let last: { time: number; open: number; high: number; low: number; close: number; volume: number } | undefined;
  return {
    setKline(kline) {
      const rows = kline.candles;
      chart.applyOptions({ timeScale: { timeVisible: kline.interval !== '1d' } });
      marks.set(kline, candles);
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

export function KlineChart({ kline, tickSize, live }: { kline: Kline | undefined; tickSize: string; live: QuoteTick | undefined }) {
  const { t, i18n } = useTranslation();
  const locale = (i18n.resolvedLanguage as Locale | undefined) ?? currentLocale();
  const container = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<ChartApi | undefined>();
  const interval = kline?.interval ?? '1m';
  const bucketSeconds = interval === '1m' ? 60 : interval === '30m' ? 1800 : 86_400;

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let created: ChartApi | undefined;
    let isCancelled = false;
    void createKlineChart(element, locale, tickSize).then((api) => {
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
  }, [locale, tickSize]);

  useEffect(() => {
    if (chart && kline) chart.setKline(kline);
  }, [chart, kline]);

  useEffect(() => {
    // Daily candles follow the trading date, which the quote's timestamp does not give: only intraday ones move live.
    if (chart && live && interval !== '1d') chart.updateLast(live, bucketSeconds);
  }, [chart, live, interval, bucketSeconds]);

  return (
    <div className="kline" role="img" aria-label={t('quote.chartLabel')} data-candles={kline?.candles.length ?? 0} data-tick={tickSize}>
      <div ref={container} className="kline-canvas" />
      {kline && kline.candles.length === 0 ? <p className="kline-empty">{t('quote.noCandles')}</p> : null}
    </div>
  );
}
