import { useTranslation } from '@bolsa/client-kit/i18n';
import { useState } from 'react';
import { type IndicatorSettings, type LowerIndicator, PERIOD_MAX, PERIOD_MIN, parsePeriod } from './indicator-settings.ts';

/** The periods of MA or EMA as typed, each checked on its own. */
function PeriodFields({
  name,
  label,
  values,
  onChange,
}: {
  name: string;
  label: string;
  values: string[];
  onChange: (values: string[]) => void;
}) {
  return (
    <fieldset className="indicator-periods">
      <legend>{label}</legend>
      {values.map((value, index) => (
        <input
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed number of fields, one per period
          key={index}
          name={`${name}-${index}`}
          inputMode="numeric"
          aria-label={`${label} ${index + 1}`}
          aria-invalid={parsePeriod(value) === undefined}
          value={value}
          onChange={(event) => onChange(values.map((old, at) => (at === index ? event.target.value : old)))}
        />
      ))}
    </fieldset>
  );
}

function PeriodEditor({
  settings,
  onSave,
  onClose,
}: {
  settings: IndicatorSettings;
  onSave: (next: IndicatorSettings) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [ma, setMa] = useState(settings.ma.periods.map(String));
  const [emaPeriods, setEma] = useState(settings.ema.periods.map(String));
  const maValues = ma.map(parsePeriod);
  const emaValues = emaPeriods.map(parsePeriod);
  const isValid = [...maValues, ...emaValues].every((value) => value !== undefined);
  return (
    <form
      className="indicator-editor"
      aria-label={t('chart.indicators.editPeriods')}
      onSubmit={(event) => {
        event.preventDefault();
        if (!isValid) return;
        onSave({
          ...settings,
          ma: { ...settings.ma, periods: maValues as number[] },
          ema: { ...settings.ema, periods: emaValues as number[] },
        });
      }}
    >
      <PeriodFields name="ma" label={t('chart.indicators.maPeriods')} values={ma} onChange={setMa} />
      <PeriodFields name="ema" label={t('chart.indicators.emaPeriods')} values={emaPeriods} onChange={setEma} />
      <p className={`indicator-hint${isValid ? '' : ' is-error'}`} role={isValid ? undefined : 'alert'}>
        {t('chart.indicators.periodRange', { min: PERIOD_MIN, max: PERIOD_MAX })}
      </p>
      <div className="indicator-editor-actions">
        <button type="button" className="button button-default" onClick={onClose}>
          {t('chart.indicators.cancel')}
        </button>
        <button type="submit" className="button button-primary" disabled={!isValid}>
          {t('chart.indicators.save')}
        </button>
      </div>
    </form>
  );
}

const lowerChoices: Exclude<LowerIndicator, 'none'>[] = ['MACD', 'RSI', 'KDJ'];

/**
 * The indicator switches under the time frames: MA, EMA and Bollinger over the price (any together),
 * one of MACD, RSI and KDJ below it (tapped again, it goes away), and the periods of MA and EMA.
 */
export function IndicatorBar({ settings, onChange }: { settings: IndicatorSettings; onChange: (next: IndicatorSettings) => void }) {
  const { t } = useTranslation();
  const [isEditing, setEditing] = useState(false);
  const toggle = (label: string, isOn: boolean, next: () => IndicatorSettings) => (
    <button type="button" className={`indicator-chip${isOn ? ' is-on' : ''}`} aria-pressed={isOn} onClick={() => onChange(next())}>
      {label}
    </button>
  );
  return (
    <div className="indicator-bar">
      <div className="indicator-row">
        <fieldset className="indicator-group" aria-label={t('chart.indicators.overPrice')}>
          {toggle(`MA ${settings.ma.periods.join('/')}`, settings.ma.isOn, () => ({
            ...settings,
            ma: { ...settings.ma, isOn: !settings.ma.isOn },
          }))}
          {toggle(`EMA ${settings.ema.periods.join('/')}`, settings.ema.isOn, () => ({
            ...settings,
            ema: { ...settings.ema, isOn: !settings.ema.isOn },
          }))}
          {toggle('BOLL', settings.boll.isOn, () => ({ ...settings, boll: { isOn: !settings.boll.isOn } }))}
        </fieldset>
        <fieldset className="indicator-group" aria-label={t('chart.indicators.belowChart')}>
          {lowerChoices.map((choice) => (
            <span key={choice}>
              {toggle(choice, settings.lower === choice, () => ({ ...settings, lower: settings.lower === choice ? 'none' : choice }))}
            </span>
          ))}
        </fieldset>
        <button type="button" className="indicator-chip indicator-edit" aria-expanded={isEditing} onClick={() => setEditing(!isEditing)}>
          {t('chart.indicators.periods')}
        </button>
      </div>
      {isEditing ? (
        <PeriodEditor
          settings={settings}
          onClose={() => setEditing(false)}
          onSave={(next) => {
            onChange(next);
            setEditing(false);
          }}
        />
      ) : null}
    </div>
  );
}
