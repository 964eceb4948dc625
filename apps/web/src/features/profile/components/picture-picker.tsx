import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/ui/avatar';
import { Notice } from '../../../components/ui/notice';
import { OutboxNote } from '../../../components/outbox/outbox-note';
import { errorMessage } from '../../../lib/error-message';
import { PROFILE_IMAGE_TARGET } from '../api/get-profile';
import { useProfileImageUrl } from '../api/get-profile-image';
import { checkProfileImage, useUploadImage } from '../api/upload-image';

/**
 * The profile picture: jpeg or png up to 2 MB, checked here before anything is kept or sent. Chosen
 * offline (or with no answer in time) it is kept on the phone and shown at once with the outbox's note;
 * a refusal when it is sent later says why under it.
 */
export function PicturePicker({ name, imageURL }: { name: string; imageURL: string | null }) {
  const { t } = useTranslation();
  const id = useId();
  const upload = useUploadImage();
  const picture = useProfileImageUrl(imageURL);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <div className="picture-picker">
      <Avatar name={name} src={picture} size={96} />
      <label htmlFor={id} className="btn btn-secondary">
        {t('profile.choosePicture')}
      </label>
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png"
        className="visually-hidden"
        aria-describedby={problem ? `${id}-error` : undefined}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file) return;
          void checkProfileImage(file).then((checked) => {
            setProblem(checked.problem);
            if (checked.problem === null) upload.mutate({ file: checked.file, owner: name });
          });
        }}
      />
      {problem && (
        <p id={`${id}-error`} className="field-error">
          {t(`error.${problem}`)}
        </p>
      )}
      {upload.isError && <Notice tone="error">{errorMessage(t, upload.error)}</Notice>}
      {upload.isPending && <p role="status">{t('profile.uploading')}</p>}
      {/* While it is being sent, 'uploading' says it; once kept to send later, or refused later, the outbox says so. */}
      {!upload.isPending && <OutboxNote target={PROFILE_IMAGE_TARGET} />}
    </div>
  );
}
