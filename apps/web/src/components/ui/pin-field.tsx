import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EyeIcon, EyeOffIcon } from './icons';
import { TextField } from './text-field';
import type { TextFieldProps } from './text-field';

interface PinFieldProps extends Omit<TextFieldProps, 'type' | 'addon'> {
  autoComplete: 'current-password' | 'new-password';
}

/** A 4-digit PIN, hidden by default, with a show/hide toggle. */
export function PinField(props: PinFieldProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      inputMode="numeric"
      pattern="[0-9]*"
      maxLength={4}
      addon={
        <button type="button" className="field-toggle" aria-pressed={shown} onClick={() => setShown((s) => !s)}>
          {shown ? <EyeOffIcon /> : <EyeIcon />}
          <span className="visually-hidden">{t('pin.show')}</span>
        </button>
      }
    />
  );
}
