import { type ReactNode, type SelectHTMLAttributes, useId } from 'react';

type Option = { value: string; label: string };

type FormSelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value' | 'id'> & {
  /** The visible label, which is also the select's accessible name. */
  label: string;
  value: string;
  options: readonly Option[];
  onValueChange: (value: string) => void;
  /** A first, empty choice ("Choose a card"); without it the first option is preselected. */
  placeholder?: string;
  error?: string | undefined;
  hint?: ReactNode;
};

/** A labelled native select: the platform's own picker on phones, and fully accessible. */
export function FormSelect({ label, value, options, onValueChange, placeholder, error, hint, className, ...selectProps }: FormSelectProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`form-field${className ? ` ${className}` : ''}`}>
      <label className="form-field-label" htmlFor={id}>
        {label}
      </label>
      <div className={`form-field-control form-select-control${error ? ' is-invalid' : ''}`}>
        <select
          {...selectProps}
          id={id}
          className="form-field-input form-select"
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        >
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      {hint ? (
        <p id={hintId} className="form-field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="form-field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
