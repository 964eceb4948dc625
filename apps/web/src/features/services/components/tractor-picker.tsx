import { useId } from 'react';
import type { TFunction } from 'i18next';
import type { TractorRef } from '../../../lib/signed-in/tractors';

/**
 * Which of the owner's tractors this is for, chosen here only (the app's selected tractor stays):
 * a native select, large and read out well by TalkBack; with one tractor, just its name.
 */
export function TractorPicker({
  tractors,
  value,
  onChange,
  t,
}: {
  tractors: readonly TractorRef[];
  value: string;
  onChange: (vin: string) => void;
  t: TFunction;
}) {
  const id = useId();
  const only = tractors.length === 1 ? tractors[0] : undefined;
  if (only) {
    return (
      <p className="tractor-one">
        <strong>{t('book.tractor')}:</strong> {only.Veh_Name}{' '}
        <span lang="en" dir="ltr">
          {only.regNo}
        </span>
      </p>
    );
  }
  return (
    <div className="tractor-select">
      <label htmlFor={id}>{t('book.tractor')}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {tractors.map((tr) => (
          <option key={tr.vin} value={tr.vin}>
            {tr.Veh_Name} · {tr.regNo}
          </option>
        ))}
      </select>
    </div>
  );
}
