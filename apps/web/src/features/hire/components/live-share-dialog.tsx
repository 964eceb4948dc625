import { useId, useState } from 'react';
import type { TFunction } from 'i18next';
import { LIVE_LINK_DURATIONS } from '@tractorlink/domain/hire/rules';
import type { LiveLinkDuration } from '@tractorlink/domain/hire/rules';
import type { LiveLink } from '@tractorlink/domain/hire-api';
import { LANGUAGES, isLanguageCode } from '@tractorlink/domain/languages';
import type { LanguageCode } from '@tractorlink/domain/languages';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { Dialog } from '../../../components/ui/dialog';
import { CloseIcon } from '../../../components/ui/icons';
import { Notice } from '../../../components/ui/notice';
import { errorMessage } from '../../../lib/error-message';
import { useTractors } from '../../../lib/signed-in/tractors';
import { formatDateTime } from '../../../public-pages/customer-figures';
import { loadTexts } from '../../../public-pages/texts';
import { useCreateLiveLink, useLiveLinks, useRevokeLiveLink } from '../api/links';
import { linkUrl, liveText } from '../share';
import { LinkList } from './link-list';
import { ShareButtons } from './share-buttons';

interface LiveShareDialogProps {
  open: boolean;
  onClose: () => void;
  t: TFunction;
  lang: string;
  /** The tractor to start with (a running job's). */
  vin?: string | undefined;
  /** The customer's number and language, when shared for a job. */
  phone?: string | null | undefined;
  language?: LanguageCode | undefined;
}

/**
 * 'Share live location': a link that shows one tractor's position now (and today's track, if chosen)
 * to anyone who has it, for 1 hour, 1 day or 1 week; for a driver, or a customer waiting at the field.
 * The tractor's links are listed, and each can be revoked at once.
 */
export function LiveShareDialog({ open, onClose, t, lang, vin: startVin, phone, language }: LiveShareDialogProps) {
  const { tractors, selected } = useTractors();
  const ids = { tractor: useId(), language: useId(), duration: useId() };
  const [vin, setVin] = useState(startVin ?? selected?.vin ?? '');
  const [duration, setDuration] = useState<LiveLinkDuration>('1h');
  const [includeTrack, setIncludeTrack] = useState(false);
  const [textLanguage, setTextLanguage] = useState<LanguageCode>(language ?? (isLanguageCode(lang) ? lang : 'en'));
  const [made, setMade] = useState<{ url: string; text: string } | null>(null);
  const create = useCreateLiveLink();
  const revoke = useRevokeLiveLink();
  const links = useLiveLinks(open);
  const chosen = vin || tractors?.[0]?.vin || '';
  const shown = (links.data ?? []).filter((l) => l.vin === chosen);

  const makeLink = () => {
    setMade(null);
    create.mutate(
      { vin: chosen, duration, includeTrack, language: textLanguage },
      {
        onSuccess: async (link) => {
          const url = linkUrl(link.path);
          const { lang: code, texts } = await loadTexts(link.language);
          setMade({ url, text: liveText(texts, code, { regNo: link.regNo, expiresAt: link.expiresAt, url }) });
        },
      },
    );
  };

  const linkLine = (l: LiveLink) =>
    l.state === 'active'
      ? t(l.includeTrack ? 'hire.live.activeTrack' : 'hire.live.active', { until: formatDateTime(l.expiresAt, lang) })
      : t(`hire.link.${l.state}`, { made: formatDateTime(l.createdAt, lang) });

  return (
    <Dialog
      open={open}
      onClose={onClose}
      className="hire-live-dialog"
      title={t('hire.live.title')}
      start={
        <button type="button" className="icon-button" onClick={onClose}>
          <CloseIcon />
          <span className="visually-hidden">{t('hire.close')}</span>
        </button>
      }
    >
      <p className="fine-print">{t('hire.live.hint')}</p>
      {tractors && tractors.length === 0 && <Notice>{t('hire.noTractors')}</Notice>}
      {tractors && tractors.length > 0 && (
        <div className="form">
          <div className="field">
            <label htmlFor={ids.tractor}>{t('hire.form.tractor')}</label>
            <select
              id={ids.tractor}
              className="select"
              value={chosen}
              onChange={(e) => {
                setVin(e.target.value);
                setMade(null);
              }}
            >
              {tractors.map((tr) => (
                <option key={tr.vin} value={tr.vin}>
                  {tr.Veh_Name} · {tr.regNo}
                </option>
              ))}
            </select>
          </div>
          <fieldset className="choice-list choice-row">
            <legend>{t('hire.live.duration')}</legend>
            {LIVE_LINK_DURATIONS.map((d) => (
              <label key={d} className="choice">
                <input type="radio" name={ids.duration} value={d} checked={duration === d} onChange={() => setDuration(d)} />
                <span>{t(`hire.live.duration.${d}`)}</span>
              </label>
            ))}
          </fieldset>
          <CheckboxField label={t('hire.live.includeTrack')} checked={includeTrack} onChange={(e) => setIncludeTrack(e.target.checked)} />
          <div className="field">
            <label htmlFor={ids.language}>{t('hire.live.language')}</label>
            <select
              id={ids.language}
              className="select"
              value={textLanguage}
              onChange={(e) => isLanguageCode(e.target.value) && setTextLanguage(e.target.value)}
            >
              {LANGUAGES.map((l) => (
                <option key={l.code} value={l.code} lang={l.code}>
                  {l.nativeName}
                </option>
              ))}
            </select>
          </div>
          <Button onClick={makeLink} busy={create.isPending}>
            {t('hire.live.makeLink')}
          </Button>
          {create.error && <Notice tone="error">{errorMessage(t, create.error)}</Notice>}
          {made && <ShareButtons text={made.text} url={made.url} phone={phone} t={t} />}
          <LinkList
            heading={t('hire.live.links')}
            links={shown}
            line={linkLine}
            revokingId={revoke.isPending ? revoke.variables : undefined}
            onRevoke={(l) => revoke.mutate(l.id)}
            t={t}
            lang={lang}
          />
          {revoke.error && <Notice tone="error">{errorMessage(t, revoke.error)}</Notice>}
        </div>
      )}
    </Dialog>
  );
}
