import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/ui/avatar';
import { Notice } from '../../../components/ui/notice';
import { errorMessage } from '../../../lib/error-message';
import { useProfileImageUrl } from '../api/get-profile-image';
import { checkProfileImage, useUploadImage } from '../api/upload-image';

/** The profile picture: jpeg or png up to 2 MB, checked here before anything is sent. */
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
          const code = checkProfileImage(file);
          setProblem(code);
          if (!code) upload.mutate(file);
        }}
      />
      {problem && (
        <p id={`${id}-error`} className="field-error">
          {t(`error.${problem}`)}
        </p>
      )}
      {upload.isError && <Notice tone="error">{errorMessage(t, upload.error)}</Notice>}
      {upload.isPending && <p role="status">{t('profile.uploading')}</p>}
    </div>
  );
}
