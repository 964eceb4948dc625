import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, isLanguageCode } from '@tractorlink/domain/languages';
import type { LanguageCode } from '@tractorlink/domain/languages';
import { GlobeIcon } from './icons';

interface LanguageSelectProps {
  value: LanguageCode;
  onChange: (lang: LanguageCode) => void;
}

/** A compact language choice (login screen): each language named in its own script. */
export function LanguageSelect({ value, onChange }: LanguageSelectProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="language-select">
      <GlobeIcon />
      <label htmlFor={id}>{t('language.label')}</label>
      <select
        id={id}
        value={value}
        onChange={(e) => {
          if (isLanguageCode(e.target.value)) onChange(e.target.value);
        }}
      >
        <LanguageOptions />
      </select>
    </div>
  );
}

/** The seven languages as a select's options, each named in its own script. */
export function LanguageOptions() {
  return LANGUAGES.map((l) => (
    <option key={l.code} value={l.code} lang={l.code}>
      {l.nativeName}
    </option>
  ));
}
