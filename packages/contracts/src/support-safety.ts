/**
 * What an agent's chat message may not carry (issue 23 §1, safety): support never asks a user for money,
 * so a message naming where to send it is held back before it reaches the user. The server checks every
 * agent message with `paymentRiskOf`; the console runs the same check while the agent types, to warn
 * early. Zod-free and dependency-free, so either side may import it.
 */

export const paymentRiskKinds = ['bankAccount', 'walletAddress', 'paymentWording'] as const;
export type PaymentRiskKind = (typeof paymentRiskKinds)[number];

/** An IBAN: two letters, two check digits, then 11 to 30 letters or digits (spaces allowed in groups of four). */
const ibanPattern = /\b[A-Z]{2}\d{2}(?:[ -]?[A-Z0-9]){11,30}\b/i;
/**
 * A long run of digits (spaces, dots or dashes between them allowed): a CBU/CVU has 22, card and most
 * bank account numbers 12 or more. Shorter numbers (an order id, an amount) are left alone.
 */
const longDigitRunPattern = /\d(?:[ .-]?\d){11,}/;
/** An Ethereum-style address (0x + 40 hex), a Bitcoin bech32 one (bc1…) or a Tron one (T + 33 base58). */
const walletAddressPatterns = [/\b0x[a-f0-9]{40}\b/i, /\bbc1[a-z0-9]{25,60}\b/i, /\bT[1-9A-HJ-NP-Za-km-z]{33}\b/];

/**
 * "Pay to" wording in the product's eight languages (and Portuguese, read by many Argentine users),
 * lower-cased; matched against the message lower-cased with its whitespace collapsed.
 */
export const paymentWordings: readonly string[] = [
  // English
  'pay to',
  'transfer to',
  'send money to',
  'deposit to',
  'wire to',
  // Spanish
  'pague a',
  'paga a',
  'pagar a',
  'transfiera a',
  'transfiere a',
  'transferir a',
  'deposite a',
  'deposite en',
  'envíe dinero a',
  'envie dinero a',
  // Portuguese
  'pague para',
  'transfira para',
  // German
  'zahlen sie an',
  'überweisen sie an',
  'überweisen sie auf',
  'überweisung an',
  // Hindi
  'भुगतान करें',
  'ट्रांसफर करें',
  'पैसे भेजें',
  // Japanese
  '振り込んで',
  '振込先',
  '送金して',
  '支払ってください',
  // Thai
  'โอนเงินไปที่',
  'โอนเงินให้',
  'ชำระเงินไปที่',
  // Chinese (simplified and traditional)
  '转账到',
  '汇款到',
  '付款到',
  '打款到',
  '轉帳到',
  '匯款到',
  '付款至',
  '轉賬到',
];

/** The reasons an agent's message must be held back, empty when it may be sent. */
export function paymentRiskOf(text: string): PaymentRiskKind[] {
  const kinds: PaymentRiskKind[] = [];
  if (ibanPattern.test(text) || longDigitRunPattern.test(text)) kinds.push('bankAccount');
  if (walletAddressPatterns.some((pattern) => pattern.test(text))) kinds.push('walletAddress');
  const normalised = text.toLowerCase().replace(/\s+/g, ' ');
  if (paymentWordings.some((wording) => normalised.includes(wording))) kinds.push('paymentWording');
  return kinds;
}
