import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@tractorlink/domain/languages';
import type { LanguageCode } from '@tractorlink/domain/languages';
import { Notice } from '../../components/ui/notice';
import { Page } from '../../components/ui/page';
import { paths } from '../../config/paths';
import { changeAppLanguage, currentLanguage } from '../../lib/i18n';
import { storage } from '../../lib/secure-storage';
import { sessionStore } from '../../lib/session';
import { OutboxNote } from '../../components/outbox/outbox-note';
import { errorMessage } from '../../lib/error-message';
import { LANGUAGE_TARGET, useUpdateLanguage } from './api/update-language';

/** The seven languages, each in its own script; the UI switches at once, no reload. */
export function LanguageScreen() {
  const { t } = useTranslation();
  const signedIn = useSyncExternalStore(sessionStore.subscribe, sessionStore.getSnapshot) === 'signedIn';
  const save = useUpdateLanguage();
  const [lang, setLang] = useState<LanguageCode>(currentLanguage);
  const choose = (code: LanguageCode) => {
    setLang(code);
    void changeAppLanguage(code);
    if (signedIn) save.mutate(code);
  };
  return (
    <Page title={t('language.title')} backTo={storage.get('path') ?? paths.settings.getHref()}>
      <fieldset className="choice-list">
        <legend>{t('language.choose')}</legend>
        {LANGUAGES.map((l) => (
          <label key={l.code} className="choice" lang={l.code}>
            <input type="radio" name="language" value={l.code} checked={lang === l.code} onChange={() => choose(l.code)} />
            <span>{l.nativeName}</span>
          </label>
        ))}
      </fieldset>
      {save.isError && <Notice tone="error">{errorMessage(t, save.error)}</Notice>}
      {/* Made offline: kept on the phone and sent to the account when the signal returns. */}
      {signedIn && <OutboxNote target={LANGUAGE_TARGET} waitingText={t('language.notSaved')} />}
    </Page>
  );
}
