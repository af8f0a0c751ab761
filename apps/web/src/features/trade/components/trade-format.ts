/** A money estimate from floating-point arithmetic, as a decimal string with 2 places (display only, never sent). */
export function toMoneyText(value: number): string {
  return Number.isFinite(value) ? value.toFixed(2) : '';
}
