import { useTranslation } from '@bolsa/client-kit/i18n';
import { type RobotKind, type RobotParameters, robotParametersSchema } from '@bolsa/contracts';
import { FormField } from '../../../components/form-field.tsx';

/** The fields of each kind; decimal ones stay strings (money and prices are never floats), the rest are whole numbers. */
export const parameterFields: Record<RobotKind, ReadonlyArray<{ name: string; isDecimal: boolean }>> = {
  grid: [
    { name: 'lowerPrice', isDecimal: true },
    { name: 'upperPrice', isDecimal: true },
    { name: 'levels', isDecimal: false },
  ],
  dca: [
    { name: 'amountPerBuy', isDecimal: true },
    { name: 'intervalHours', isDecimal: false },
  ],
  'ma-cross': [
    { name: 'shortWindow', isDecimal: false },
    { name: 'longWindow', isDecimal: false },
    { name: 'sampleMinutes', isDecimal: false },
  ],
  rebalance: [
    { name: 'targetPercent', isDecimal: false },
    { name: 'bandPercent', isDecimal: false },
  ],
};

export type ParameterDraft = Record<string, string>;

/** A template's suggested parameters as the form's text. */
export function draftOf(parameters: RobotParameters): ParameterDraft {
  const draft: ParameterDraft = {};
  for (const [key, value] of Object.entries(parameters)) if (key !== 'kind') draft[key] = String(value);
  return draft;
}

/** The typed text as parameters of the kind, or the names of the fields the contract refuses. */
export function parseDraft(kind: RobotKind, draft: ParameterDraft): { parameters: RobotParameters } | { invalid: Set<string> } {
  const candidate: Record<string, unknown> = { kind };
  for (const field of parameterFields[kind]) {
    const text = (draft[field.name] ?? '').trim();
    candidate[field.name] = field.isDecimal ? text : /^\d+$/.test(text) ? Number(text) : Number.NaN;
  }
  const parsed = robotParametersSchema.safeParse(candidate);
  if (parsed.success) return { parameters: parsed.data };
  return { invalid: new Set(parsed.error.issues.map((issue) => String(issue.path[0] ?? ''))) };
}

/** The parameter inputs of a kind, each with what it means. */
export function ParametersFields({
  kind,
  draft,
  invalid,
  onChange,
}: {
  kind: RobotKind;
  draft: ParameterDraft;
  invalid: ReadonlySet<string>;
  onChange: (draft: ParameterDraft) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="robot-fieldset">
      <legend className="robot-subtitle">{t('robots.start.parameters')}</legend>
      {parameterFields[kind].map((field) => (
        <FormField
          key={field.name}
          label={t(`robots.parameters.${field.name}.label`)}
          hint={t(`robots.parameters.${field.name}.hint`)}
          value={draft[field.name] ?? ''}
          inputMode={field.isDecimal ? 'decimal' : 'numeric'}
          error={invalid.has(field.name) ? t('robots.start.invalidParameter') : undefined}
          onValueChange={(value) => onChange({ ...draft, [field.name]: value })}
        />
      ))}
    </fieldset>
  );
}
