import { useTranslation } from '@bolsa/client-kit/i18n';
import { appropriatenessQuestions } from '@bolsa/contracts';
import { useState } from 'react';
import { showError, showToast } from '../../../lib/toast.ts';
import { type AppropriatenessAnswers, useAnswerAppropriateness } from '../api/follow-api.ts';

type Answers = Partial<AppropriatenessAnswers>;

/** The questions before a first follow and the risk warning; the server judges the answers and records them once. */
export function AppropriatenessCheck() {
  const { t } = useTranslation();
  const answer = useAnswerAppropriateness();
  const [answers, setAnswers] = useState<Answers>({});
  const [isAccepted, setAccepted] = useState(false);
  const isComplete = appropriatenessQuestions.every((question) => answers[question.id] !== undefined) && isAccepted;
  const submit = () =>
    answer.mutate(answers as AppropriatenessAnswers, {
      onSuccess: () => showToast(t('follow.check.passed'), 'success'),
      onError: showError,
    });
  return (
    <section className="follow-check" aria-label={t('follow.check.title')}>
      <h2 className="follow-subtitle">{t('follow.check.title')}</h2>
      {appropriatenessQuestions.map((question) => (
        <fieldset key={question.id} className="follow-question">
          <legend>{t(`follow.check.questions.${question.id}`)}</legend>
          {question.answers.map((value) => (
            <label key={value} className="follow-choice">
              <input
                type="radio"
                name={question.id}
                value={value}
                checked={answers[question.id] === value}
                onChange={() => setAnswers({ ...answers, [question.id]: value })}
              />
              {t(`follow.check.${value}`)}
            </label>
          ))}
        </fieldset>
      ))}
      <p className="notice notice-warning">{t('follow.check.warning')}</p>
      <label className="follow-choice">
        <input type="checkbox" checked={isAccepted} onChange={(event) => setAccepted(event.target.checked)} />
        {t('follow.check.accept')}
      </label>
      <button type="button" className="button button-primary button-block" disabled={!isComplete || answer.isPending} onClick={submit}>
        {t('follow.check.submit')}
      </button>
    </section>
  );
}
