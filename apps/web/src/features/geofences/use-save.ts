import { useState } from 'react';
import type { GeofenceDefinition } from '@tractorlink/domain/geofences';
import type { Saved } from './api/change-geofence';
import { getDraft } from './draft';
import { checkForm, serverFieldErrors } from './form';
import type { FieldErrors } from './form';

/**
 * Save of the create and edit screens: the draft is checked with the API's schema first (nothing
 * is sent while a field is wrong); field refusals from the server land on the same fields.
 */
export function useSave<B extends GeofenceDefinition = GeofenceDefinition>(
  saving: { mutate: (body: B, options: { onSuccess: (saved: Saved) => void }) => void; error: unknown },
  onSaved: (saved: Saved) => void,
  extend?: (body: GeofenceDefinition) => B,
) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const submit = () => {
    const checked = checkForm(getDraft().values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    saving.mutate(extend ? extend(checked.body) : (checked.body as B), { onSuccess: onSaved });
  };
  const fromServer = serverFieldErrors(saving.error);
  return { errors: fromServer ?? errors, otherError: fromServer ? null : saving.error, submit };
}
