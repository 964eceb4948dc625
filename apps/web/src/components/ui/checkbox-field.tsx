import { useId } from 'react';
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';

interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> {
  label: ReactNode;
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

export function CheckboxField({ label, error, ref, ...input }: CheckboxFieldProps) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="check-field">
      <input id={id} type="checkbox" ref={ref} aria-invalid={error ? true : undefined} aria-describedby={errorId} {...input} />
      <label htmlFor={id}>{label}</label>
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
