import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useTractors } from '../../lib/signed-in/tractors';

/**
 * Which tractor the screen shows, when the owner has several (spec: selectedTractor). A native
 * select: large, familiar on Android, and read out properly by TalkBack.
 */
export function TractorSelect() {
  const { t } = useTranslation();
  const id = useId();
  const { tractors, selected, select } = useTractors();
  if (!tractors || tractors.length < 2 || !selected) return null;
  return (
    <div className="tractor-select">
      <label htmlFor={id}>{t('tractor.choose')}</label>
      <select id={id} value={selected.vin} onChange={(e) => select(e.target.value)}>
        {tractors.map((tr) => (
          <option key={tr.vin} value={tr.vin}>
            {tr.Veh_Name} · {tr.regNo}
          </option>
        ))}
      </select>
    </div>
  );
}
