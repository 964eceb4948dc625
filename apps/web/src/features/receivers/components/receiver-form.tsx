import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { RECEIVER_CHANNELS, RECEIVER_NAME_MAX, receiverRequest } from '@tractorlink/domain/receivers-api';
import type { Receiver, ReceiverChannel } from '@tractorlink/domain/receivers-api';
import { isLanguageCode } from '@tractorlink/domain/languages';
import { LanguageOptions } from '../../../components/ui/language-select';
import type { LanguageCode } from '@tractorlink/domain/languages';
import { currentLanguage } from '../../../lib/i18n';
import { CancelSave } from '../../../components/ui/cancel-save';
import { useFocusFirstInvalid } from '../../../hooks/use-focus-first-invalid';
import { Notice } from '../../../components/ui/notice';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage, fieldMessage } from '../../../lib/error-message';
import { useAlertTexts } from '../../../lib/signed-in/alert-texts';
import { serverFieldCode } from '../../../lib/signed-in/field-errors';
import { useSaveReceiver } from '../api/save-receiver';
import type { SavedReceiver } from '../api/save-receiver';

interface ReceiverFormProps {
  /** The receiver being changed; none to add one. */
  receiver?: Receiver;
  onDone: (saved: SavedReceiver) => void;
  onCancel: () => void;
}

type Field = 'name' | 'phone' | 'channel';

/** Name (letters of the seven languages' scripts), a 10-digit mobile number and SMS or notification (spec §3, §5). */
export function ReceiverForm({ receiver, onDone, onCancel }: ReceiverFormProps) {
  const { t } = useAlertTexts();
  const save = useSaveReceiver();
  const [name, setName] = useState(receiver?.name ?? '');
  const [phone, setPhone] = useState(receiver?.phone ?? '');
  const [channel, setChannel] = useState<ReceiverChannel>(receiver?.channel ?? 'sms');
  // Their SMS come in this language (a farm hand may read another than the owner's): the owner's by default.
  const [language, setLanguage] = useState<LanguageCode>(receiver?.language ?? currentLanguage());
  const languageId = useId();
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const { formRef, refused } = useFocusFirstInvalid<HTMLFormElement>();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = { name: name.trim().replace(/\s+/g, ' '), phone: phone.trim(), channel, language };
    // The same rules as the server's (domain receiverRequest): nothing is sent that it would refuse.
    const checked = receiverRequest.safeParse(body);
    if (!checked.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0] as Field;
        next[field] ??= issue.message;
      }
      setErrors(next);
      refused();
      return;
    }
    setErrors({});
    save.mutate({ id: receiver?.id, body: checked.data }, { onSuccess: onDone });
  };

  const code = (field: Field) => errors[field] ?? serverFieldCode(save.error, field);
  const fieldRefused = code('name') || code('phone') || code('channel');
  const title = receiver ? t('receivers.editTitle', { name: receiver.name }) : t('receivers.addTitle');
  return (
    <form ref={formRef} className="form card receiver-form" noValidate onSubmit={submit} aria-label={title}>
      <h2>{title}</h2>
      <TextField
        label={t('receivers.name')}
        hint={t('receivers.nameHint')}
        value={name}
        onChange={(e) => setName(e.target.value)}
        maxLength={RECEIVER_NAME_MAX}
        autoComplete="off"
        error={fieldMessage(t, code('name'))}
      />
      <TextField
        label={t('field.mobile')}
        hint={t('field.mobileHint')}
        type="tel"
        inputMode="numeric"
        dir="ltr"
        value={phone}
        onChange={(e) => setPhone(e.target.value)}
        maxLength={10}
        autoComplete="off"
        error={fieldMessage(t, code('phone'))}
      />
      <fieldset className="choice-list">
        <legend>{t('receivers.channel')}</legend>
        {RECEIVER_CHANNELS.map((c) => (
          <label key={c} className="choice">
            <input type="radio" name="channel" value={c} checked={channel === c} onChange={() => setChannel(c)} />
            <span>{t(`receivers.channel.${c}`)}</span>
          </label>
        ))}
        {/* A group's error: announced when it appears. */}
        {code('channel') && (
          <p className="field-error" role="alert">
            {fieldMessage(t, code('channel'))}
          </p>
        )}
      </fieldset>
      {channel === 'sms' && (
        <div className="field">
          <label htmlFor={languageId}>{t('receivers.language')}</label>
          <p id={`${languageId}-hint`} className="field-hint">
            {t('receivers.languageHint')}
          </p>
          <select
            id={languageId}
            className="field-select"
            aria-describedby={`${languageId}-hint`}
            value={language}
            onChange={(e) => {
              if (isLanguageCode(e.target.value)) setLanguage(e.target.value);
            }}
          >
            <LanguageOptions />
          </select>
        </div>
      )}
      {save.error && !fieldRefused ? <Notice tone="error">{errorMessage(t, save.error)}</Notice> : null}
      <CancelSave onCancel={onCancel} busy={save.isPending} />
    </form>
  );
}
