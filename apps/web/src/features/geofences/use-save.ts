import { useState } from 'react';
import type { Geofence, GeofenceDefinition } from '@tractorlink/domain/geofences';
import { getDraft } from './draft';
import { checkForm, serverFieldErrors } from './form';
import type { FieldErrors } from './form';

interface Saving {
  mutate: (body: GeofenceDefinition, options: { onSuccess: (saved: Geofence) => void }) => void;
  error: unknown;
}

/**
 * Save of the create and edit screens: the draft is checked with the API's schema first (nothing
 * is sent while a field is wrong); field refusals from the server land on the same fields.
 */
export function useSave(saving: Saving, onSaved: (saved: Geofence) => void, extend: (body: GeofenceDefinition) => GeofenceDefinition = (b) => b) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const submit = () => {
    const checked = checkForm(getDraft().values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    saving.mutate(extend(checked.body), { onSuccess: onSaved });
  };
  const fromServer = serverFieldErrors(saving.error);
  return { errors: fromServer ?? errors, otherError: fromServer ? null : saving.error, submit };
}
