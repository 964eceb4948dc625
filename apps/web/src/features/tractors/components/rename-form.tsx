import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { VehicleEntry } from '@tractorlink/domain/vehicles-api';
import { vehName as vehNameRule } from '@tractorlink/domain/vehicles-api';
import { CancelSave } from '../../../components/ui/cancel-save';
import { Notice } from '../../../components/ui/notice';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage, fieldMessage } from '../../../lib/error-message';
import { useRenameTractor } from '../api/rename-tractor';
import { serverFieldCode } from '../../../lib/signed-in/field-errors';

interface RenameFormProps {
  tractor: VehicleEntry;
  /** `queued`: kept on the phone, sent when online; undefined: cancelled. */
  onDone: (result?: { queued: boolean }) => void;
}

/** Spec 'my tractor with tractor name edit': the same rule as the server's (letters of any script, 30 at most). */
export function RenameForm({ tractor, onDone }: RenameFormProps) {
  const { t } = useTranslation();
  const rename = useRenameTractor();
  const [name, setName] = useState(tractor.Veh_Name);
  const [localError, setLocalError] = useState<string | undefined>();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const vehName = name.trim().replace(/\s+/g, ' ');
    const checked = vehNameRule.safeParse(vehName);
    if (!checked.success) {
      setLocalError(checked.error.issues[0]?.message ?? 'INVALID');
      return;
    }
    setLocalError(undefined);
    rename.mutate({ vin: tractor.vin, vehName }, { onSuccess: (result) => onDone(result) });
  };

  const code = localError ?? serverFieldCode(rename.error, 'vehName');
  return (
    <form className="form rename-form" noValidate onSubmit={submit}>
      <TextField
        label={t('myTractor.name')}
        value={name}
        onChange={(e) => setName(e.target.value)}
        maxLength={40}
        autoComplete="off"
        error={fieldMessage(t, code)}
        autoFocus
      />
      {rename.error && !serverFieldCode(rename.error, 'vehName') ? <Notice tone="error">{errorMessage(t, rename.error)}</Notice> : null}
      <CancelSave onCancel={() => onDone()} busy={rename.isPending} />
    </form>
  );
}
