import type { Locale, RobotRunDay } from '@bolsa/contracts';
import { useEffect, useRef } from 'react';
import { formatNumber, intlLocale } from '../../../lib/format.ts';

/** Each day's total of the outputs so far (cents added as integers, never floats), for the chart. */
export function cumulativeOutput(days: readonly RobotRunDay[]): Array<{ date: string; total: number }> {
  let cents = 0n;
  return days.map((day) => {
    const [whole = '0', fraction = ''] = day.output.replace('-', '').split('.');
    const value = BigInt(whole) * 100n + BigInt(`${fraction}00`.slice(0, 2));
    cents += day.output.startsWith('-') ? -value : value;
    return { date: day.date, total: Number(cents) / 100 };
  });
}

/**
 * A small line of the running total of daily output. lightweight-charts (the quote page's library) is
 * imported only when this chart is shown, so the robot pages load without it.
 */
export function OutputChart({ days, locale, label }: { days: readonly RobotRunDay[]; locale: Locale; label: string }) {
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const target = element.current;
    if (!target || days.length < 2) return;
    let remove: (() => void) | undefined;
    let isCancelled = false;
    void import('lightweight-charts')
      .then(({ createChart, BaselineSeries }) => {
        if (isCancelled) return;
        const chart = createChart(target, {
          autoSize: true,
          localization: { locale: intlLocale(locale), priceFormatter: (value: number) => formatNumber(value, locale, { decimals: 2 }) },
          layout: { background: { color: '#ffffff' }, textColor: '#595959', attributionLogo: false },
          grid: { vertLines: { visible: false }, horzLines: { color: '#f0f0f0' } },
          handleScroll: false,
          handleScale: false,
          rightPriceScale: { borderColor: '#d9d9d9' },
          timeScale: { borderColor: '#d9d9d9' },
        });
        const series = chart.addSeries(BaselineSeries, { baseValue: { type: 'price', price: 0 }, lineWidth: 2, priceLineVisible: false });
        type Time = Parameters<typeof series.update>[0]['time'];
        series.setData(cumulativeOutput(days).map((point) => ({ time: point.date as Time, value: point.total })));
        chart.timeScale().fitContent();
        remove = () => chart.remove();
      })
      .catch(() => undefined);
    return () => {
      isCancelled = true;
      remove?.();
    };
  }, [days, locale]);
  if (days.length < 2) return null;
  return <div ref={element} className="robot-chart" role="img" aria-label={label} />;
}
