import { useTranslation } from '@bolsa/client-kit/i18n';
import type { Kline, Locale, QuoteTick } from '@bolsa/contracts';
import { useEffect, useRef, useState } from 'react';
import { decimalsOf, formatNumber, intlLocale } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import '../quote.css';
import type { IndicatorSettings } from './indicator-settings.ts';
import { bollinger, ema, kdj, macd, rsi, type Series, sma } from './indicators.ts';

type ChartApi = {
  setKline(kline: Kline): void;
  setIndicators(settings: IndicatorSettings): void;
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

/** Seconds of one candle of each interval the server sends. */
export const intervalSeconds: Record<Kline['interval'], number> = {
  '1m': 60,
  '5m': 300,
  '15m': 900,
  '30m': 1800,
  '1h': 3600,
  '1d': 86_400,
};

/** The colours of the indicator lines, in the order of their periods. */
const lineColors = ['#b06000', '#1565c0', '#7b1fa2', '#00838f', '#ad1457'];
const bollColor = '#6d4c41';

type Row = { time: number; open: number; high: number; low: number; close: number; volume: number };

/** What the readout above the chart shows: the candle under the crosshair (the latest one otherwise). */
export type Readout = {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  /** The indicator values at that candle, each with its line's label and colour. */
  values: Array<{ label: string; value: number; color: string; scale: Line['scale'] }>;
};

/** A line's values are prices (MA, EMA, Bollinger), price differences (MACD) or 0 to 100 (RSI, KDJ). */
type Line = { label: string; color: string; points: Series; style?: 'histogram'; scale?: 'price' | 'difference' | 'percent' };

/** The lines of the indicators chosen, computed over the candles: those over the price and those below. */
export function indicatorLines(rows: readonly Row[], settings: IndicatorSettings): { upper: Line[]; lower: Line[] } {
  const closes = rows.map((row) => row.close);
  const upper: Line[] = [];
  if (settings.ma.isOn) {
    for (const [index, period] of settings.ma.periods.entries()) {
      upper.push({ label: `MA${period}`, color: lineColors[index % lineColors.length] as string, points: sma(closes, period) });
    }
  }
  if (settings.ema.isOn) {
    for (const [index, period] of settings.ema.periods.entries()) {
      upper.push({ label: `EMA${period}`, color: lineColors[(index + 3) % lineColors.length] as string, points: ema(closes, period) });
    }
  }
  if (settings.boll.isOn) {
    const bands = bollinger(closes, 20, 2);
    upper.push({ label: 'BOLL', color: bollColor, points: bands.middle });
    upper.push({ label: 'UB', color: bollColor, points: bands.upper });
    upper.push({ label: 'LB', color: bollColor, points: bands.lower });
  }
  const lower: Line[] = [];
  if (settings.lower === 'MACD') {
    const lines = macd(closes);
    lower.push({ label: 'MACD', color: '#9e9e9e', points: lines.histogram, style: 'histogram', scale: 'difference' });
    lower.push({ label: 'DIF', color: lineColors[0] as string, points: lines.dif, scale: 'difference' });
    lower.push({ label: 'DEA', color: lineColors[1] as string, points: lines.dea, scale: 'difference' });
  } else if (settings.lower === 'RSI') {
    lower.push({ label: 'RSI14', color: lineColors[2] as string, points: rsi(closes, 14), scale: 'percent' });
  } else if (settings.lower === 'KDJ') {
    const lines = kdj(rows);
    lower.push({ label: 'K', color: lineColors[0] as string, points: lines.k, scale: 'percent' });
    lower.push({ label: 'D', color: lineColors[1] as string, points: lines.d, scale: 'percent' });
    lower.push({ label: 'J', color: lineColors[2] as string, points: lines.j, scale: 'percent' });
  }
  return { upper, lower };
}

const toRow = (candle: Kline['candles'][number]): Row => ({
  time: candle.time,
  open: Number(candle.open),
  high: Number(candle.high),
  low: Number(candle.low),
  close: Number(candle.close),
  volume: Number(candle.volume),
});

/** A point of an indicator's series: nothing (a gap) before the indicator is defined. */
function pointsOf(rows: readonly Row[], line: Line) {
  return rows.map((row, index) => {
    const time = row.time as import('lightweight-charts').UTCTimestamp;
    const value = line.points[index];
    if (value === null || value === undefined) return { time };
    if (line.style !== 'histogram') return { time, value };
    return { time, value, color: value >= 0 ? `${rise}99` : `${fall}99` };
  });
}

/**
 * The indicators' series: over the price on the main pane, MACD, RSI or KDJ on a pane below (pane 1,
 * which the library removes with its last series). Made again when the choice changes (a few series of
 * a few hundred points); a live quote moves only their last points.
 */
function createIndicatorLayer(library: ChartLibrary, chart: ChartOf, locale: Locale, tickSize: string) {
  type AnySeries = ReturnType<ChartOf['addSeries']>;
  let drawn: Array<{ line: Line; series: AnySeries }> = [];
  const priceFormat = chartPriceFormat(locale, tickSize);
  const common = { lastValueVisible: false, priceLineVisible: false, crosshairMarkerVisible: false };

  function addLower(line: Line, settings: IndicatorSettings): AnySeries {
    // RSI and KDJ are 0 to 100 with 2 decimals; MACD is a price difference, finer than the tick.
    const decimals = settings.lower === 'MACD' ? Math.min(decimalsOf(tickSize) + 2, 8) : 2;
    const format = {
      type: 'custom' as const,
      minMove: 10 ** -decimals,
      formatter: (value: number) => formatNumber(value, locale, { decimals, minimumDecimals: decimals }),
    };
    if (line.style === 'histogram') return chart.addSeries(library.HistogramSeries, { ...common, priceFormat: format }, 1);
    const series = chart.addSeries(library.LineSeries, { ...common, color: line.color, lineWidth: 1, priceFormat: format }, 1);
    if (settings.lower === 'RSI') {
      for (const price of [30, 70]) {
        series.createPriceLine({
          price,
          color: '#bdbdbd',
          lineWidth: 1,
          lineStyle: library.LineStyle.Dashed,
          axisLabelVisible: false,
          title: '',
        });
      }
    }
    return series;
  }

  return {
    draw(rows: readonly Row[], settings: IndicatorSettings | undefined) {
      for (const { series } of drawn) chart.removeSeries(series);
      drawn = [];
      if (!settings) return;
      const { upper, lower } = indicatorLines(rows, settings);
      for (const line of upper) {
        const series = chart.addSeries(library.LineSeries, { ...common, color: line.color, lineWidth: 1, priceFormat });
        drawn.push({ line, series });
      }
      for (const line of lower) drawn.push({ line, series: addLower(line, settings) });
      for (const { line, series } of drawn) series.setData(pointsOf(rows, line));
      const panes = chart.panes();
      panes[0]?.setStretchFactor(2.5);
      panes[1]?.setStretchFactor(1);
    },
    /** The last candle changed: recompute (a few hundred candles) and move each series' last point. */
    updateLast(rows: readonly Row[], settings: IndicatorSettings | undefined) {
      if (drawn.length === 0 || !settings) return;
      const { upper, lower } = indicatorLines(rows, settings);
      for (const [index, line] of [...upper, ...lower].entries()) {
        const entry = drawn[index];
        if (!entry) continue;
        entry.line = line;
        const point = pointsOf(rows, line)[rows.length - 1];
        if (point) entry.series.update(point);
      }
    },
    valuesAt(index: number): Readout['values'] {
      return drawn.flatMap(({ line }) => {
        const value = line.points[index];
        return value === null || value === undefined ? [] : [{ label: line.label, value, color: line.color, scale: line.scale ?? 'price' }];
      });
    },
  };
}

/** The chart with its candles and volume bars, and the session marks of 1D. */
function createPriceChart(library: ChartLibrary, element: HTMLElement, locale: Locale, tickSize: string) {
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
  return { chart, marks, candles, volume };
}

/**
 * The K-line: candlesticks with volume bars, a crosshair whose candle is read out above the chart,
 * and the indicators chosen: MA, EMA and Bollinger over the price, MACD, RSI or KDJ in a pane below.
 * lightweight-charts (about 45 KB compressed) is imported only when a chart is shown, and only once the
 * quote's numbers above it have been painted, so a quote opened by link shows its price without waiting
 * for the chart's library.
 */
async function createKlineChart(
  element: HTMLElement,
  locale: Locale,
  tickSize: string,
  onReadout: (readout: Readout | undefined) => void,
): Promise<ChartApi> {
  await afterNextPaint();
  const library = await import('lightweight-charts');
  const { chart, marks, candles, volume } = createPriceChart(library, element, locale, tickSize);
  const indicators = createIndicatorLayer(library, chart, locale, tickSize);
  type Time = Parameters<typeof candles.update>[0]['time'];
  let rows: Row[] = [];
  let settings: IndicatorSettings | undefined;
  let isHovering = false;
  const readoutAt = (index: number): Readout | undefined => {
    const row = rows[index];
    return row ? { ...row, values: indicators.valuesAt(index) } : undefined;
  };
  const onCrosshairMove = (param: { time?: unknown }) => {
    isHovering = param.time !== undefined;
    const index = rows.findIndex((row) => row.time === param.time);
    onReadout(readoutAt(index < 0 ? rows.length - 1 : index));
  };
  chart.subscribeCrosshairMove(onCrosshairMove);

  return {
    setKline(kline) {
      rows = kline.candles.map(toRow);
      chart.applyOptions({ timeScale: { timeVisible: kline.interval !== '1d' } });
      marks.set(kline, candles);
      candles.setData(rows.map((row) => ({ time: row.time as Time, open: row.open, high: row.high, low: row.low, close: row.close })));
      volume.setData(
        rows.map((row) => ({ time: row.time as Time, value: row.volume, color: row.close >= row.open ? `${rise}80` : `${fall}80` })),
      );
      indicators.draw(rows, settings);
      chart.timeScale().fitContent();
      onReadout(readoutAt(rows.length - 1));
    },
    setIndicators(next) {
      settings = next;
      indicators.draw(rows, settings);
      onReadout(readoutAt(rows.length - 1));
    },
    updateLast(tick, bucketSeconds) {
      const price = Number(tick.price);
      const bucket = Math.floor(tick.timestamp / 1000 / bucketSeconds) * bucketSeconds;
      const last = rows[rows.length - 1];
      if (!last || bucket < last.time) return;
      const next =
        bucket > last.time
          ? { time: bucket, open: price, high: price, low: price, close: price, volume: 0 }
          : { ...last, high: Math.max(last.high, price), low: Math.min(last.low, price), close: price };
      if (bucket > last.time) rows.push(next);
      else rows[rows.length - 1] = next;
      candles.update({ time: next.time as Time, open: next.open, high: next.high, low: next.low, close: next.close });
      indicators.updateLast(rows, settings);
      if (!isHovering) onReadout(readoutAt(rows.length - 1));
    },
    remove() {
      chart.unsubscribeCrosshairMove(onCrosshairMove);
      chart.remove();
    },
  };
}

/** The candle under the crosshair, written out: time, open, high, low, close and volume, then the indicators. */
function ReadoutLine({ readout, interval, tickSize }: { readout: Readout | undefined; interval: Kline['interval']; tickSize: string }) {
  const { t, i18n } = useTranslation();
  const locale = (i18n.resolvedLanguage as Locale | undefined) ?? currentLocale();
  if (!readout) return <div className="kline-readout" data-testid="kline-readout" />;
  const decimals = decimalsOf(tickSize);
  const price = (value: number) => formatNumber(value, locale, { decimals, minimumDecimals: decimals });
  // MACD is a price difference, finer than the tick (as its pane's scale); RSI and KDJ run 0 to 100.
  const decimalsOfScale = { price: decimals, difference: Math.min(decimals + 2, 8), percent: 2 };
  const when = new Intl.DateTimeFormat(intlLocale(locale), {
    dateStyle: 'short',
    ...(interval === '1d' ? {} : { timeStyle: 'short' }),
  }).format(new Date(readout.time * 1000));
  const volume = new Intl.NumberFormat(intlLocale(locale), { notation: 'compact', maximumFractionDigits: 2 }).format(readout.volume);
  return (
    <div className="kline-readout" data-testid="kline-readout" aria-live="off">
      <p className="kline-readout-ohlc">
        <span>{when}</span>
        <span>
          {t('chart.readout.open')} {price(readout.open)}
        </span>
        <span>
          {t('chart.readout.high')} {price(readout.high)}
        </span>
        <span>
          {t('chart.readout.low')} {price(readout.low)}
        </span>
        <span>
          {t('chart.readout.close')} {price(readout.close)}
        </span>
        <span>
          {t('chart.readout.volume')} {volume}
        </span>
      </p>
      {readout.values.length > 0 ? (
        <p className="kline-readout-values">
          {readout.values.map((entry) => (
            <span key={entry.label} style={{ color: entry.color }}>
              {entry.label}{' '}
              {formatNumber(entry.value, locale, {
                decimals: decimalsOfScale[entry.scale ?? 'price'],
                minimumDecimals: decimalsOfScale[entry.scale ?? 'price'],
              })}
            </span>
          ))}
        </p>
      ) : null}
    </div>
  );
}

export function KlineChart({
  kline,
  tickSize,
  live,
  indicators,
}: {
  kline: Kline | undefined;
  tickSize: string;
  live: QuoteTick | undefined;
  indicators: IndicatorSettings;
}) {
  const { t, i18n } = useTranslation();
  const locale = (i18n.resolvedLanguage as Locale | undefined) ?? currentLocale();
  const container = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<ChartApi | undefined>();
  const [readout, setReadout] = useState<Readout | undefined>();
  const interval = kline?.interval ?? '1m';
  const bucketSeconds = intervalSeconds[interval];

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let created: ChartApi | undefined;
    let isCancelled = false;
    void createKlineChart(element, locale, tickSize, setReadout).then((api) => {
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
    if (chart) chart.setIndicators(indicators);
  }, [chart, indicators]);

  useEffect(() => {
    if (chart && kline) chart.setKline(kline);
  }, [chart, kline]);

  useEffect(() => {
    // Daily candles follow the trading date, which the quote's timestamp does not give: only intraday ones move live.
    if (chart && live && interval !== '1d') chart.updateLast(live, bucketSeconds);
  }, [chart, live, interval, bucketSeconds]);

  const hasLowerPane = indicators.lower !== 'none';
  return (
    <>
      <ReadoutLine readout={readout} interval={interval} tickSize={tickSize} />
      <div
        className={`kline${hasLowerPane ? ' kline-with-lower' : ''}`}
        role="img"
        aria-label={t('quote.chartLabel')}
        data-candles={kline?.candles.length ?? 0}
        data-tick={tickSize}
        data-interval={kline?.interval ?? ''}
        data-indicators={[
          indicators.ma.isOn ? 'MA' : '',
          indicators.ema.isOn ? 'EMA' : '',
          indicators.boll.isOn ? 'BOLL' : '',
          hasLowerPane ? indicators.lower : '',
        ]
          .filter(Boolean)
          .join(' ')}
      >
        <div ref={container} className="kline-canvas" />
        {kline && kline.candles.length === 0 ? <p className="kline-empty">{t('quote.noCandles')}</p> : null}
      </div>
    </>
  );
}
