import { trendClass } from '../lib/format.ts';

/** A small line of the last prices (spec §9: the home sparkline of the last 50 quotes). */
export function Sparkline({
  values,
  label,
  width = 120,
  height = 36,
}: {
  values: readonly number[];
  label: string;
  width?: number;
  height?: number;
}) {
  if (values.length < 2) return <svg className="sparkline" width={width} height={height} role="img" aria-label={label} />;
  const low = Math.min(...values);
  const high = Math.max(...values);
  const span = high - low || 1;
  const points = values
    .map(
      (value, index) =>
        `${((index / (values.length - 1)) * width).toFixed(1)},${(height - 2 - ((value - low) / span) * (height - 4)).toFixed(1)}`,
    )
    .join(' ');
  const trend = trendClass((values[values.length - 1] ?? 0) - (values[0] ?? 0));
  return (
    <svg className={`sparkline ${trend}`} width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label}>
      <polyline points={points} fill="none" stroke="currentColor" strokeWidth="1.5" data-points={values.length} />
    </svg>
  );
}
