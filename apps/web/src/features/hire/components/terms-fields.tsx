import { useId } from 'react';
import type { TFunction } from 'i18next';
import { ACRE_BASES, HOUR_BASES, IMPLEMENTS, RATE_KINDS } from '@tractorlink/domain/hire/rules';
import type { Implement } from '@tractorlink/domain/hire/rules';
import { TextField } from '../../../components/ui/text-field';
import { USUAL_WIDTH_M } from '../terms';
import type { TermsField, TermsInput } from '../terms';

interface TermsFieldsProps {
  value: TermsInput;
  onChange: (next: TermsInput) => void;
  /** Error codes to show, per field (after a try). */
  problems: Partial<Record<TermsField, string>>;
  t: TFunction;
  /** The agreed figure (instead of the measured one) is offered when editing a job. */
  withAgreed?: boolean;
}

/** Implement and width, billed by acre, hour or trip, the rate (₹), trips, the basis of acres or hours. */
export function TermsFields({ value, onChange, problems, t, withAgreed = false }: TermsFieldsProps) {
  const ids = { implement: useId(), kind: useId(), acre: useId(), hour: useId() };
  const set = (change: Partial<TermsInput>) => onChange({ ...value, ...change });
  const error = (field: TermsField) => (problems[field] ? t(`error.${problems[field]}`) : undefined);
  return (
    <>
      <div className="field">
        <label htmlFor={ids.implement}>{t('hire.form.implement')}</label>
        <select
          id={ids.implement}
          className="select"
          value={value.implement}
          onChange={(e) => {
            const implement = e.target.value as Implement;
            // A width still at the last implement's usual one follows the new implement.
            const usual = Number(value.width) === USUAL_WIDTH_M[value.implement];
            set({ implement, ...(usual ? { width: String(USUAL_WIDTH_M[implement]) } : {}) });
          }}
        >
          {IMPLEMENTS.map((i) => (
            <option key={i} value={i}>
              {t(`hire.implement.${i}`)}
            </option>
          ))}
        </select>
      </div>
      <TextField
        label={t('hire.form.width')}
        hint={t('hire.form.widthHint')}
        inputMode="decimal"
        value={value.width}
        onChange={(e) => set({ width: e.target.value })}
        error={error('width')}
      />
      <fieldset className="choice-list choice-row">
        <legend>{t('hire.form.rateKind')}</legend>
        {RATE_KINDS.map((k) => (
          <label key={k} className="choice">
            <input type="radio" name={ids.kind} value={k} checked={value.rateKind === k} onChange={() => set({ rateKind: k })} />
            <span>{t(`hire.rateKind.${k}`)}</span>
          </label>
        ))}
      </fieldset>
      <TextField
        label={t(`hire.form.rate.${value.rateKind}`)}
        inputMode="decimal"
        value={value.rate}
        onChange={(e) => set({ rate: e.target.value })}
        error={error('rate')}
        addon={
          <span className="hire-unit" aria-hidden="true">
            ₹
          </span>
        }
      />
      {value.rateKind === 'trip' && (
        <TextField
          label={t('hire.form.trips')}
          inputMode="numeric"
          value={value.trips}
          onChange={(e) => set({ trips: e.target.value })}
          error={error('trips')}
        />
      )}
      {value.rateKind === 'acre' && (
        <fieldset className="choice-list">
          <legend>{t('hire.form.acreBasis')}</legend>
          {ACRE_BASES.map((b) => (
            <label key={b} className="choice">
              <input type="radio" name={ids.acre} value={b} checked={value.acreBasis === b} onChange={() => set({ acreBasis: b })} />
              <span>{t(`hire.acreBasis.${b}`)}</span>
            </label>
          ))}
        </fieldset>
      )}
      {value.rateKind === 'hour' && (
        <fieldset className="choice-list">
          <legend>{t('hire.form.hourBasis')}</legend>
          {HOUR_BASES.map((b) => (
            <label key={b} className="choice">
              <input type="radio" name={ids.hour} value={b} checked={value.hourBasis === b} onChange={() => set({ hourBasis: b })} />
              <span>{t(`hire.hourBasis.${b}`)}</span>
            </label>
          ))}
        </fieldset>
      )}
      {withAgreed && value.rateKind !== 'trip' && (
        <TextField
          label={t(`hire.form.agreed.${value.rateKind}`)}
          hint={t('hire.form.agreedHint')}
          inputMode="decimal"
          value={value.agreed}
          onChange={(e) => set({ agreed: e.target.value })}
          error={error('agreed')}
        />
      )}
    </>
  );
}
