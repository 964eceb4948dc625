import { useId, useState } from 'react';
import type { TFunction } from 'i18next';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/error-message';
import { uploadBookingPhoto } from '../api/upload-photo';
import { PhotoError, reencodePhoto } from '../photo';

interface PhotoFieldProps {
  photo: { id: string; name: string } | null;
  onChange: (photo: { id: string; name: string } | null) => void;
  onBusy: (busy: boolean) => void;
  t: TFunction;
}

/**
 * An optional photo of the problem: re-encoded on the phone (EXIF location dropped, ≤ 1600 px) and
 * sent at once, so Next does not wait for it; the booking carries only its id.
 */
export function PhotoField({ photo, onChange, onBusy, t }: PhotoFieldProps) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    setBusy(true);
    onBusy(true);
    try {
      const jpeg = await reencodePhoto(file);
      onChange({ id: await uploadBookingPhoto(jpeg), name: file.name });
    } catch (error) {
      setProblem(error instanceof PhotoError ? t(`book.photo.${error.problem}`) : errorMessage(t, error));
    } finally {
      setBusy(false);
      onBusy(false);
    }
  };
  return (
    <div className="field photo-field">
      {/* The label is the button: the native file input would say 'Choose File' in English. */}
      <label htmlFor={id} className="btn btn-secondary">
        {photo ? t('book.photoChange') : t('book.photoAdd')}
      </label>
      <p className="field-hint" id={`${id}-hint`}>
        {t('book.photoHint')}
      </p>
      <input
        id={id}
        className="visually-hidden"
        type="file"
        accept="image/jpeg,image/png"
        aria-describedby={`${id}-hint`}
        disabled={busy}
        onChange={(e) => {
          void pick(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      {busy && <p role="status">{t('book.photoSending')}</p>}
      {photo && !busy && (
        <div className="photo-chosen">
          <p role="status">{t('book.photoAdded', { name: photo.name })}</p>
          <Button variant="secondary" onClick={() => onChange(null)}>
            {t('book.photoRemove')}
          </Button>
        </div>
      )}
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
