/**
 * What an application holds, computed as the server does (products.allotment.ts `costOf`): the amount
 * price × shares and the fee on it, each rounded half-even to the cent, in integers (no float).
 */
const SCALE = 10n ** 8n;

function scaled(value: string): bigint {
  const [whole = '0', fraction = ''] = value.trim().split('.');
  return BigInt(whole) * SCALE + BigInt(`${fraction}00000000`.slice(0, 8));
}

/** Rounds a value scaled by `scale` to cents, half-even. */
function toCents(value: bigint, scale: bigint): bigint {
  const unit = scale / 100n;
  const quotient = value / unit;
  const remainder = value % unit;
  const twice = remainder * 2n;
  if (twice > unit || (twice === unit && quotient % 2n === 1n)) return quotient + 1n;
  return quotient;
}

function centsText(cents: bigint): string {
  const whole = cents / 100n;
  const fraction = (cents % 100n).toString().padStart(2, '0');
  return `${whole}.${fraction}`;
}

export function subscriptionCost(price: string, shares: number, feeRate: string) {
  const amount = toCents(scaled(price) * BigInt(shares), SCALE);
  const fee = toCents(amount * scaled(feeRate), SCALE * 100n);
  return { amount: centsText(amount), fee: centsText(fee), total: centsText(amount + fee) };
}
