import { useTranslation } from '@bolsa/client-kit/i18n';
import { type LeverageAcknowledgeBody, type LeverageQuestion, type Locale, leverageQuestions, leverageRiskOf } from '@bolsa/contracts';
import { useState } from 'react';
import { formatDecimal, formatMoney } from '../../../lib/format.ts';
import { useAcknowledgeLeverage, useLeverageAcknowledgement } from '../api/leverage.ts';
import type { OrderEstimate, TicketMarket } from './order-ticket-model.ts';
import { toMoneyText } from './trade-format.ts';
import './leverage-check.css';

const questionIds = Object.keys(leverageQuestions) as LeverageQuestion[];
type Answers = LeverageAcknowledgeBody['answers'];

/**
 * Whether the ticket must show the leverage check before it sends: leverage above 1 (never on a sell that
 * closes, at 1×) from a user who has not answered it yet (issue 15 §11).
 */
export function useLeverageCheckNeeded(leverage: number) {
  const isLeveraged = leverage > 1;
  const acknowledgement = useLeverageAcknowledgement(isLeveraged);
  return isLeveraged && acknowledgement.data?.isAcknowledged === false;
}

/** What a move of the price does to this order's margin, in money (the risk disclosure's figures). */
export function LeverageDisclosure({
  estimate,
  leverage,
  market,
  locale,
}: {
  estimate: OrderEstimate;
  leverage: number;
  market: TicketMarket;
  locale: Locale;
}) {
  const { t } = useTranslation();
  const risk = estimate.hasEstimate
    ? leverageRiskOf({ notional: toMoneyText(estimate.notional), margin: toMoneyText(estimate.margin) })
    : null;
  return (
    <section className="notice notice-warning leverage-disclosure" aria-label={t('trade.leverageCheck.disclosureTitle')}>
      <div className="notice-text">
        <p>
          <strong>{t('trade.leverageCheck.disclosureTitle')}</strong>
        </p>
        {risk ? (
          <p data-testid="leverage-disclosure">
            {t('trade.leverageCheck.disclosure', {
              leverage,
              loss: formatMoney(risk.onePercentMove, locale, market.symbol),
              share: formatDecimal(risk.onePercentShareOfMargin, locale),
              margin: formatMoney(toMoneyText(estimate.margin), locale, market.symbol),
              stopOut: formatDecimal(risk.stopOutMovePercent, locale),
            })}
          </p>
        ) : (
          <p>{t('trade.leverageCheck.disclosureNeedsQuantity')}</p>
        )}
        <p>{t('trade.leverageCheck.disclosureNote')}</p>
      </div>
    </section>
  );
}

/** The short appropriateness check: three questions on margin and loss, and the acceptance of the risk. */
export function LeverageCheck(props: { estimate: OrderEstimate; leverage: number; market: TicketMarket; locale: Locale }) {
  const { t } = useTranslation();
  const acknowledge = useAcknowledgeLeverage();
  const [answers, setAnswers] = useState<Partial<Answers>>({});
  const [acceptsRisk, setAcceptsRisk] = useState(false);
  const isComplete = questionIds.every((question) => answers[question] !== undefined) && acceptsRisk;
  const send = () => {
    const { loss, effect, stopOut } = answers;
    if (!isComplete || !loss || !effect || !stopOut) return;
    acknowledge.mutate({ answers: { loss, effect, stopOut }, acceptsRisk: true });
  };
  return (
    <section className="leverage-check" aria-label={t('trade.leverageCheck.title')}>
      <LeverageDisclosure {...props} />
      <p className="form-note">{t('trade.leverageCheck.intro')}</p>
      {questionIds.map((question) => (
        <fieldset key={question} className="leverage-question">
          <legend className="form-field-label">{t(`trade.leverageCheck.questions.${question}.text`)}</legend>
          {leverageQuestions[question].options.map((option) => (
            <label key={option} className="leverage-option">
              <input
                type="radio"
                name={`leverage-${question}`}
                value={option}
                checked={answers[question] === option}
                onChange={() => setAnswers((previous) => ({ ...previous, [question]: option }) as Partial<Answers>)}
              />
              {t(`trade.leverageCheck.questions.${question}.${option}`)}
            </label>
          ))}
        </fieldset>
      ))}
      <label className="leverage-option">
        <input type="checkbox" checked={acceptsRisk} onChange={(event) => setAcceptsRisk(event.target.checked)} />
        {t('trade.leverageCheck.accept')}
      </label>
      {acknowledge.isError ? (
        <p className="form-field-error" role="alert">
          {(acknowledge.error as Error).message}
        </p>
      ) : null}
      <button type="button" className="button button-block" disabled={!isComplete || acknowledge.isPending} onClick={send}>
        {t('trade.leverageCheck.submit')}
      </button>
    </section>
  );
}
