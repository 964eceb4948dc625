import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import type { UserData } from '@tractorlink/domain/auth';
import { email, typedFullName } from '@tractorlink/domain/validation';
import { Button } from '../../components/ui/button';
import { Notice } from '../../components/ui/notice';
import { Page } from '../../components/ui/page';
import { TextField } from '../../components/ui/text-field';
import { paths } from '../../config/paths';
import { fieldMessage } from '../../lib/error-message';
import { formatIsoDate, formatMobile } from '../../lib/format';
import { storage } from '../../lib/secure-storage';
import { OutboxNote } from '../../components/outbox/outbox-note';
import { PROFILE_TARGET, useProfile } from './api/get-profile';
import { useUpdateProfile } from './api/update-profile';
import { PicturePicker } from './components/picture-picker';
import { Loading } from '../../components/ui/loading';

const schema = z.object({ name: typedFullName, email: z.union([z.literal(''), email]) });
type Values = z.input<typeof schema>;
type Checked = z.output<typeof schema>;

/** #/create-new-profile when signed in: edit name, email and picture. */
export function ProfileEditScreen() {
  const { t } = useTranslation();
  const { data: user } = useProfile();
  return (
    <Page title={t('profile.editTitle')} backTo={storage.get('path') ?? paths.home.getHref()}>
      {user ? <ProfileForm user={user} /> : <Loading />}
    </Page>
  );
}

function ProfileForm({ user }: { user: UserData }) {
  const { t, i18n } = useTranslation();
  const update = useUpdateProfile();
  const { register, handleSubmit, formState } = useForm<Values, unknown, Checked>({
    resolver: zodResolver(schema),
    // The copy kept at login shows first; the server's answer (say, a name changed on another phone)
    // replaces it unless the owner has started typing there, so Save never sends back a stale name.
    values: { name: user.name, email: user.email ?? '' },
    resetOptions: { keepDirtyValues: true },
  });
  const e = formState.errors;
  return (
    <>
      <PicturePicker name={user.name} imageURL={user.imageURL} />
      <dl className="facts">
        <dt>{t('field.mobile')}</dt>
        <dd dir="ltr" className="nowrap">
          {formatMobile(user.mobileNo, user.mobileNoCC)}
        </dd>
        <dt>{t('field.birthDate')}</dt>
        <dd>{formatIsoDate(user.birthDate, i18n.language)}</dd>
      </dl>
      <form className="form" noValidate onSubmit={handleSubmit((v) => update.mutate({ name: v.name, email: v.email || null }))}>
        <TextField label={t('field.name')} autoComplete="name" maxLength={60} error={fieldMessage(t, e.name?.message)} {...register('name')} />
        <TextField
          label={t('field.emailOptional')}
          type="email"
          autoComplete="email"
          inputMode="email"
          error={fieldMessage(t, e.email?.message)}
          {...register('email')}
        />
        {update.isError && <Notice tone="error">{t('profile.notUpdated')}</Notice>}
        {update.isSuccess && !update.data.queued && <Notice tone="success">{t('profile.updated')}</Notice>}
        <OutboxNote target={PROFILE_TARGET} />
        <Button type="submit" busy={update.isPending}>
          {t('common.save')}
        </Button>
      </form>
    </>
  );
}
