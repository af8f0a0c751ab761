import { useTranslation } from '@bolsa/client-kit/i18n';
import {
  type BlockApplyBody,
  type BlockPermission,
  type BlockQuestion,
  blockQuestionnaire,
  dateFormats,
  type Locale,
} from '@bolsa/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { pagePath } from '../../../lib/pages.ts';
import { showError, showToast } from '../../../lib/toast.ts';
import { useApplyForBlocks } from '../api/blocktrade.ts';
import './leverage-check.css';

const questions = Object.keys(blockQuestionnaire) as BlockQuestion[];

/** What it takes, each with a tick when the user meets it and where they stand. */
function Requirements({ permission, locale }: { permission: BlockPermission; locale: Locale }) {
  const { t } = useTranslation();
  const { requirements, standing } = permission;
  const rows = [
    ...(requirements.identityVerified
      ? [{ key: 'identity', isMet: standing.identityVerified, text: t('trade.block.requireIdentity') }]
      : []),
    {
      key: 'value',
      isMet: Number(standing.accountValueUsd) >= Number(requirements.minAccountValueUsd),
      text: t('trade.block.requireValue', {
        required: formatMoney(requirements.minAccountValueUsd, locale),
        actual: formatMoney(standing.accountValueUsd, locale),
      }),
    },
    {
      key: 'experience',
      isMet: standing.filledOrders >= requirements.minFilledOrders,
      text: t('trade.block.requireExperience', { required: requirements.minFilledOrders, actual: standing.filledOrders }),
    },
    { key: 'questionnaire', isMet: null, text: t('trade.block.requireQuestionnaire') },
  ];
  return (
    <ul className="block-requirements" aria-label={t('trade.block.requirementsTitle')}>
      {rows.map((row) => (
        <li key={row.key} className={row.isMet === null ? '' : row.isMet ? 'is-met' : 'is-unmet'}>
          <span aria-hidden="true">{row.isMet === null ? '•' : row.isMet ? '✓' : '✗'}</span>
          <span>
            {row.text}
            {row.isMet === null ? null : (
              <span className="visually-hidden">{row.isMet ? t('trade.block.met') : t('trade.block.unmet')}</span>
            )}
          </span>
        </li>
      ))}
      {permission.state === 'notOpen' && requirements.identityVerified && !standing.identityVerified ? (
        <li>
          <Link to={pagePath('kyc')}>{t('trade.block.verifyIdentity')}</Link>
        </li>
      ) : null}
    </ul>
  );
}

/** The suitability questionnaire and the application. */
function Questionnaire() {
  const { t } = useTranslation();
  const apply = useApplyForBlocks();
  const [answers, setAnswers] = useState<Partial<BlockApplyBody['answers']>>({});
  const { price, risk, expiry } = answers;
  const send = () => {
    if (!price || !risk || !expiry) return;
    apply.mutate(
      { answers: { price, risk, expiry } },
      { onSuccess: () => showToast(t('trade.block.applied'), 'success'), onError: showError },
    );
  };
  return (
    <section className="leverage-check" aria-label={t('trade.block.questionnaireTitle')}>
      <h2 className="section-title">{t('trade.block.questionnaireTitle')}</h2>
      {questions.map((question) => (
        <fieldset key={question} className="leverage-question">
          <legend className="form-field-label">{t(`trade.block.questions.${question}.text`)}</legend>
          {blockQuestionnaire[question].map((option) => (
            <label key={option} className="leverage-option">
              <input
                type="radio"
                name={`block-${question}`}
                value={option}
                checked={answers[question] === option}
                onChange={() => setAnswers((previous) => ({ ...previous, [question]: option }))}
              />
              {t(`trade.block.questions.${question}.${option}`)}
            </label>
          ))}
        </fieldset>
      ))}
      <button
        type="button"
        className="button button-primary button-block"
        disabled={!price || !risk || !expiry || apply.isPending}
        onClick={send}
      >
        {t('trade.block.apply')}
      </button>
    </section>
  );
}

/** The permission's state (spec §4), what it takes, and the application when the user may apply. */
export function BlockPermissionCard({ permission, locale }: { permission: BlockPermission; locale: Locale }) {
  const { t } = useTranslation();
  const { state } = permission;
  return (
    <>
      <section className={`block-state block-state-${state}`} aria-live="polite">
        <h2 className="section-title">{t(`trade.block.state.${state}`)}</h2>
        <p>{t(`trade.block.stateText.${state}`)}</p>
        {permission.reason ? (
          <p>
            {t('trade.block.reason')} <strong>{permission.reason}</strong>
          </p>
        ) : null}
        {permission.retryAtTimestamp ? (
          <p>{t('trade.block.retryAt', { date: formatDate(permission.retryAtTimestamp, dateFormats.date) })}</p>
        ) : null}
      </section>
      {state === 'active' ? null : (
        <>
          <h2 className="section-title">{t('trade.block.requirementsTitle')}</h2>
          <Requirements permission={permission} locale={locale} />
        </>
      )}
      {state === 'mayApply' ? <Questionnaire /> : null}
    </>
  );
}
