import { type InputHTMLAttributes, type ReactNode, useId } from 'react';

type FormFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'> & {
  /** The visible label, which is also the input's accessible name. */
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** An already translated error message. */
  error?: string | undefined;
  hint?: string;
  /** Something beside the input, e.g. the "send code" button. */
  addon?: ReactNode;
};

/** A labelled native input with its hint and error tied to it for assistive technology. */
export function FormField({ label, value, onValueChange, error, hint, addon, className, ...inputProps }: FormFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`form-field${className ? ` ${className}` : ''}`}>
      <label className="form-field-label" htmlFor={id}>
        {label}
      </label>
      <div className={`form-field-control${error ? ' is-invalid' : ''}`}>
        <input
          {...inputProps}
          id={id}
          className="form-field-input"
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        {addon}
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
