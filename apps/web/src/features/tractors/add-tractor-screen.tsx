import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { engineNo as engineNoRule, vin as vinRule } from '@tractorlink/domain/vehicles-api';
import { Button } from '../../components/ui/button';
import { Notice } from '../../components/ui/notice';
import { Page } from '../../components/ui/page';
import { TextField } from '../../components/ui/text-field';
import { PlusIcon } from '../../components/tractor/icons';
import { paths } from '../../config/paths';
import { errorMessage, fieldMessage } from '../../lib/error-message';
import { useClaimTractor } from './api/claim-tractor';
import { serverFieldCode } from '../../lib/signed-in/field-errors';

type By = 'vin' | 'engineNo';

/** #/add-tractor: claim a tractor registered to the owner's mobile, by VIN or by engine number. */
export function AddTractorScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const claim = useClaimTractor();
  const [by, setBy] = useState<By>('vin');
  const [value, setValue] = useState('');
  const [localError, setLocalError] = useState<string | undefined>();
  const groupId = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = value.trim().toUpperCase();
    const checked = (by === 'vin' ? vinRule : engineNoRule).safeParse(text);
    if (!checked.success) {
      setLocalError(text === '' ? 'REQUIRED' : (checked.error.issues[0]?.message ?? 'INVALID'));
      return;
    }
    setLocalError(undefined);
    claim.mutate(by === 'vin' ? { vin: text } : { engineNo: text }, {
      onSuccess: () => void navigate(paths.home.getHref(), { state: { added: true } }),
    });
  };

  const fieldCode = localError ?? serverFieldCode(claim.error, by);
  const refusal = claim.error && !serverFieldCode(claim.error, by) ? errorMessage(t, claim.error) : undefined;
  return (
    <Page title={t('addTractor.title')} backTo={paths.tractorList.getHref()}>
      <p className="lead">{t('addTractor.intro')}</p>
      <form className="form" noValidate onSubmit={submit}>
        <fieldset className="choice-list" aria-describedby={`${groupId}-hint`}>
          <legend>{t('addTractor.by')}</legend>
          <p id={`${groupId}-hint`} className="field-hint">
            {t('addTractor.byHint')}
          </p>
          {(['vin', 'engineNo'] as const).map((option) => (
            <label key={option} className="choice">
              <input
                type="radio"
                name="by"
                value={option}
                checked={by === option}
                onChange={() => {
                  setBy(option);
                  setLocalError(undefined);
                  claim.reset();
                }}
              />
              {option === 'vin' ? t('field.vin') : t('field.engineNo')}
            </label>
          ))}
        </fieldset>
        <TextField
          label={by === 'vin' ? t('field.vin') : t('field.engineNo')}
          hint={by === 'vin' ? t('field.vinHint') : t('field.engineNoHint')}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          maxLength={by === 'vin' ? 17 : 24}
          dir="ltr"
          error={fieldMessage(t, fieldCode)}
        />
        {refusal && <Notice tone="error">{refusal}</Notice>}
        <Button type="submit" busy={claim.isPending} icon={<PlusIcon />}>
          {t('tractor.add')}
        </Button>
      </form>
    </Page>
  );
}
