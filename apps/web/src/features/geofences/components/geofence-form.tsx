import type { FormEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { GEOFENCE_NAME_MAX, GEOFENCE_SHAPES, GEOFENCE_TYPES } from '@tractorlink/domain/geofences';
import type { Box } from '../../../components/map/leaflet-map';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { TextField } from '../../../components/ui/text-field';
import { PinIcon } from '../../../components/tractor/icons';
import { paths } from '../../../config/paths';
import { fieldMessage } from '../../../lib/error-message';
import { useGeofenceTexts } from '../../../lib/signed-in/geofence-texts';
import { formatDecimal } from '../../../lib/signed-in/tractor-format';
import { useTractors } from '../../../lib/signed-in/tractors';
import { EMPTY_DRAWING } from '../../../components/map/drawing';
import { changeDraft, getDraft, setDraftFocus, useDraft } from '../draft';
import type { FieldErrors } from '../form';
import type { GeofenceFormValues } from '../form-values';
import { BoundaryPicker } from './boundary-picker';
import { ShapeDrawer } from '../../../components/map/shape-drawer';

interface GeofenceFormProps {
  errors: FieldErrors;
  busy: boolean;
  onSubmit: () => void;
  /** A saved geofence's box, for the drawing map to open on. */
  fitTo?: Box | undefined;
  /** Messages under the form (saved, refused). */
  footer?: ReactNode;
  /** A new geofence: which of the owner's tractors it watches, all ticked to start with. */
  pickTractors?: boolean;
}

/**
 * The tractors a new geofence watches: every one of the owner's ticked to start with (a geofence
 * that watches nothing raises nothing), and how many are ticked.
 */
function WatchedTractors({ vins, onChange }: { vins: string[] | undefined; onChange: (vins: string[]) => void }) {
  const { t, lang } = useGeofenceTexts();
  const { tractors } = useTractors();
  if (!tractors || tractors.length === 0) return null;
  const picked = new Set(vins ?? tractors.map((tr) => tr.vin));
  const toggle = (vin: string, on: boolean) => {
    const next = new Set(picked);
    if (on) next.add(vin);
    else next.delete(vin);
    onChange(tractors.map((tr) => tr.vin).filter((v) => next.has(v)));
  };
  return (
    <fieldset className="choice-list">
      <legend>{t('geofence.tractors')}</legend>
      {tractors.map((tr) => (
        <CheckboxField key={tr.vin} label={`${tr.Veh_Name} · ${tr.regNo}`} checked={picked.has(tr.vin)} onChange={(e) => toggle(tr.vin, e.target.checked)} />
      ))}
      <p className="muted" aria-live="polite" data-testid="watch-count">
        {t('geofence.watching', { shown: formatDecimal(picked.size, lang, 0) })}
      </p>
    </fieldset>
  );
}

function Choices<V extends string>({
  legend,
  name,
  options,
  value,
  label,
  onChange,
}: {
  legend: string;
  name: string;
  options: readonly V[];
  value: V;
  label: (v: V) => string;
  onChange: (v: V) => void;
}) {
  return (
    <fieldset className="choice-list choice-row">
      <legend>{legend}</legend>
      {options.map((o) => (
        <label key={o} className="choice">
          <input type="radio" name={name} value={o} checked={value === o} onChange={() => onChange(o)} />
          {label(o)}
        </label>
      ))}
    </fieldset>
  );
}

function SwitchField({ label, checked, onChange }: { label: string; checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <label className="switch-row switch-field">
      <span>{label}</span>
      <input type="checkbox" role="switch" className="switch" checked={checked} onChange={(e) => onChange(e.target.checked)} />
    </label>
  );
}

/**
 * The create / edit form (spec §3 Geofence): name, type, and for a custom geofence its shape drawn
 * on the map (with a place search to find the field), for a state or district the lists; entry and
 * exit alerts. The values live in the draft store (draft.ts), checked by the API's schema (form.ts).
 */
export function GeofenceForm({ errors, busy, onSubmit, fitTo, footer, pickTractors = false }: GeofenceFormProps) {
  const { t } = useGeofenceTexts();
  const { values, focus } = useDraft();
  const change = (over: Partial<GeofenceFormValues>) => changeDraft({ ...getDraft().values, ...over });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <form className="form geofence-form" noValidate onSubmit={submit}>
      <TextField
        label={t('geofence.name')}
        hint={t('geofence.nameHint', { max: GEOFENCE_NAME_MAX })}
        value={values.name}
        maxLength={GEOFENCE_NAME_MAX + 10}
        autoComplete="off"
        onChange={(e) => change({ name: e.target.value })}
        error={fieldMessage(t, errors.name)}
      />
      <Choices
        legend={t('geofence.type')}
        name="type"
        options={GEOFENCE_TYPES}
        value={values.type}
        label={(v) => t(`geofence.kind.${v}`)}
        onChange={(type) => change({ type })}
      />
      {values.type === 'custom' ? (
        <>
          <Choices
            legend={t('geofence.shape')}
            name="shape"
            options={GEOFENCE_SHAPES}
            value={values.shape}
            label={(v) => t(`geofence.kind.${v}`)}
            onChange={(shape) => change({ shape, drawing: EMPTY_DRAWING })}
          />
          <Link to={paths.addLocation.getHref()} className="btn btn-secondary">
            <PinIcon /> <span>{t('addLocation.open')}</span>
          </Link>
          <ShapeDrawer
            shape={values.shape}
            drawing={values.drawing}
            onChange={(drawing) => change({ drawing })}
            focus={focus}
            onFocused={() => setDraftFocus(null)}
            fitTo={fitTo}
            error={fieldMessage(t, errors.drawing)}
          />
        </>
      ) : (
        <BoundaryPicker
          type={values.type}
          state={values.state}
          district={values.district}
          onChange={(next) => change(next)}
          stateError={fieldMessage(t, errors.state)}
          districtError={fieldMessage(t, errors.district)}
        />
      )}
      <SwitchField label={t('geofence.alertOnEntry')} checked={values.alertOnEntry} onChange={(alertOnEntry) => change({ alertOnEntry })} />
      <SwitchField label={t('geofence.alertOnExit')} checked={values.alertOnExit} onChange={(alertOnExit) => change({ alertOnExit })} />
      {pickTractors && <WatchedTractors vins={values.vins} onChange={(vins) => change({ vins })} />}
      {footer}
      <Button type="submit" busy={busy}>
        {t('common.save')}
      </Button>
    </form>
  );
}
