import { z } from 'zod';

/**
 * Leveraged trading with care (issue 15 §11): before a user's first order at leverage above 1, a short
 * appropriateness check (how margin, leverage and the automatic close work) and a risk disclosure in
 * money for the order being placed. The answers are recorded once per user; orders at leverage 1 never ask.
 */

/** A position is closed automatically when its margin plus floating P&L falls below this share of its margin. */
export const MAINTENANCE_MARGIN_RATIO = '0.5';

/** The version of the questions below; a change of their meaning is a new version. */
export const leverageQuestionsVersion = 'v1';

/** The check's questions, each with its options (labels are translated by the apps) and the right one. */
export const leverageQuestions = {
  /** How much can a leveraged position lose? */
  loss: { options: ['feeOnly', 'allMargin', 'nothing'], correct: 'allMargin' },
  /** At 10×, what does a 1 % move against the position do to its margin? */
  effect: { options: ['onePercent', 'tenPercent', 'nothing'], correct: 'tenPercent' },
  /** What happens when losses use up half of the margin? */
  stopOut: { options: ['nothing', 'closed', 'loan'], correct: 'closed' },
} as const;
export type LeverageQuestion = keyof typeof leverageQuestions;

const answer = <Question extends LeverageQuestion>(question: Question) =>
  z.enum(leverageQuestions[question].options, { error: 'validation.invalidValue' });

export const leverageAcknowledgementSchema = z.object({
  isAcknowledged: z.boolean(),
  /** Unix milliseconds of the acknowledgement; null before it. */
  acknowledgedAt: z.number().int().nullable(),
});
export type LeverageAcknowledgement = z.infer<typeof leverageAcknowledgementSchema>;

export const leverageAcknowledgeBody = z.object({
  answers: z.object({ loss: answer('loss'), effect: answer('effect'), stopOut: answer('stopOut') }),
  /** The user read the disclosure and accepts the risk of losing the margin. */
  acceptsRisk: z.literal(true, { error: 'validation.invalidValue' }),
});
export type LeverageAcknowledgeBody = z.infer<typeof leverageAcknowledgeBody>;

/** True when every answer is the right one. */
export function areLeverageAnswersRight(answers: Record<LeverageQuestion, string>): boolean {
  return (Object.keys(leverageQuestions) as LeverageQuestion[]).every(
    (question) => answers[question] === leverageQuestions[question].correct,
  );
}

/**
 * What a price move does to an order's margin, in the wallet's money: a 1 % move against the position,
 * as money and as a share of the margin, and the move at which it is closed automatically. Decimal strings
 * in, numbers out only for display (2 decimals); nothing here is charged.
 */
export function leverageRiskOf(input: { notional: string; margin: string }) {
  const notional = Number(input.notional);
  const margin = Number(input.margin);
  if (!(notional > 0) || !(margin > 0)) return null;
  const onePercent = notional / 100;
  return {
    onePercentMove: onePercent.toFixed(2),
    onePercentShareOfMargin: ((onePercent / margin) * 100).toFixed(2),
    stopOutMovePercent: (((margin * (1 - Number(MAINTENANCE_MARGIN_RATIO))) / notional) * 100).toFixed(2),
  };
}

export const leverageApi = {
  acknowledgement: {
    method: 'POST',
    path: '/trading/leverageAcknowledgement',
    body: z.object({}).optional(),
    data: leverageAcknowledgementSchema,
  },
  acknowledge: { method: 'POST', path: '/trading/acknowledgeLeverage', body: leverageAcknowledgeBody, data: leverageAcknowledgementSchema },
} as const;
