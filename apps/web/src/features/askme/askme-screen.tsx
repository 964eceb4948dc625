import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CoachMark } from '../../components/coach/coach-mark';
import { NoTractors } from '../../components/tractor/no-tractors';
import { TractorSelect } from '../../components/tractor/tractor-select';
import { Button } from '../../components/ui/button';
import { Page } from '../../components/ui/page';
import { TextField } from '../../components/ui/text-field';
import { ListenButton } from '../../components/voice/listen-button';
import { primeVoice, speak, stopSpeaking } from '../../components/voice/speaker';
import { paths } from '../../config/paths';
import { useOnline } from '../../lib/connectivity';
import { errorMessage } from '../../lib/error-message';
import { isOffline } from '../../lib/query-client';
import { useAskMeTexts } from '../../lib/signed-in/askme-texts';
import { packStateOf } from '../../lib/signed-in/subscription';
import { useTractors } from '../../lib/signed-in/tractors';
import type { TractorRef } from '../../lib/signed-in/tractors';
import { SOURCES_OF, answerFor, helpAnswer } from './answers';
import type { PackFacts } from './answers';
import { INTENTS, matchIntent } from './intents';
import type { IntentMatch } from './intents';
import { MicIcon, SendIcon } from './icons';
import { gatherFacts, prefetchFacts } from './sources';
import { useRecognition } from './use-recognition';
import type { HearingProblem } from './use-recognition';
import './askme.css';
import { Loading } from '../../components/ui/loading';

interface Exchange {
  id: number;
  question: string;
  /** null while the answer is being found. */
  answer: string | null;
}

/** The tractor's pack as My tractor counts it, or undefined when its end is not known. */
function packOf(tractor: TractorRef): PackFacts | undefined {
  const state = packStateOf(tractor);
  return state && tractor.expiresOn !== undefined ? { ...state, expiresOn: tractor.expiresOn } : undefined;
}

/** What the screen says when listening ended without a question. */
const PROBLEM_TEXT: Record<HearingProblem, string> = {
  denied: 'askme.micDenied',
  // The same words as offline: asking by voice needs the internet (typing does not).
  network: 'askme.micOffline',
  language: 'askme.micLanguage',
  failed: 'askme.micError',
};

/** Questions and answers kept on the screen (the newest first). */
const KEPT_EXCHANGES = 6;

/**
 * Ask me (spec §1 "ask a voice assistant", §2 askme): the owner asks by voice, by typing or with a
 * quick question, and hears and reads the answer about the selected tractor in the app's language.
 */
export function AskMeScreen() {
  const { t, lang, ready } = useAskMeTexts();
  const client = useQueryClient();
  const { tractors, selected } = useTractors();
  const online = useOnline();
  const [log, setLog] = useState<Exchange[]>([]);
  const [draft, setDraft] = useState('');
  const lastId = useRef(0);
  const quickId = useId();
  const vin = selected?.vin;
  // An ended pack: home shows none of the tractor's data, and Ask me neither asks nor says it.
  const expired = selected ? packOf(selected)?.state === 'expired' : false;

  // Everything an answer may need is fetched as the screen opens, so an answer comes at once.
  useEffect(() => {
    if (vin && !expired) prefetchFacts(client, vin, lang);
  }, [client, vin, lang, expired]);
  // Leaving the screen ends what it says.
  useEffect(() => () => stopSpeaking(), []);

  const respond = async (intent: IntentMatch): Promise<string> => {
    if (intent === 'unknown') return helpAnswer(t);
    if (!selected) return t('askme.a.noTractor');
    const pack = packOf(selected);
    if (pack?.state === 'expired') return answerFor(intent, { name: selected.Veh_Name, pack }, t, lang);
    try {
      const facts = await gatherFacts(client, SOURCES_OF[intent], selected.vin, selected.Veh_Name, lang);
      return answerFor(intent, { ...facts, pack }, t, lang);
    } catch (error) {
      if (intent === 'weather') return answerFor('weather', { name: selected.Veh_Name }, t, lang);
      return isOffline(error) ? t('askme.a.noData') : errorMessage(t, error);
    }
  };

  const ask = (question: string, intent: IntentMatch = matchIntent(question)) => {
    const text = question.trim();
    if (!text || tractors === undefined) return;
    // From the tap itself: the phone allows sound only from a user's gesture.
    primeVoice(lang);
    stopSpeaking();
    const id = ++lastId.current;
    setLog((l) => [{ id, question: text, answer: null }, ...l].slice(0, KEPT_EXCHANGES));
    void respond(intent).then((answer) => {
      setLog((l) => l.map((e) => (e.id === id ? { ...e, answer } : e)));
      // Only the newest question's answer is spoken.
      if (id === lastId.current) void speak(answer, lang, { server: true });
    });
  };

  const hearing = useRecognition(lang, (guesses) => {
    // The first guess it understands, else the best guess (answered with what it can answer).
    const understood = guesses.find((g) => matchIntent(g) !== 'unknown') ?? (guesses[0] as string);
    ask(understood);
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    ask(draft);
    setDraft('');
  };

  const listen = () => {
    if (hearing.listening) {
      hearing.stop();
      return;
    }
    // The microphone must not hear our own voice.
    stopSpeaking();
    primeVoice(lang);
    hearing.start();
  };

  const waiting = tractors === undefined;
  return (
    <Page title={t('askme.title')} backTo={paths.home.getHref()} className="askme">
      {(!ready || waiting) && <Loading />}
      {ready && (
        <CoachMark flag="hideAskMeCoachMark" title={t('askme.coach.title')} tips={[t('askme.coach.tip1'), t('askme.coach.tip2'), t('askme.coach.tip3')]} />
      )}
      <p className="lead">{t('askme.intro')}</p>
      {tractors?.length === 0 && <NoTractors />}
      <TractorSelect />

      <form className="askme-form" onSubmit={submit}>
        <TextField label={t('askme.question')} value={draft} onChange={(e) => setDraft(e.target.value)} autoComplete="off" enterKeyHint="send" />
        <div className="askme-actions">
          {hearing.supported && (
            <Button type="button" variant="secondary" icon={<MicIcon />} aria-pressed={hearing.listening} disabled={!online || waiting} onClick={listen}>
              {hearing.listening ? t('askme.stopListening') : t('askme.speak')}
            </Button>
          )}
          <Button type="submit" icon={<SendIcon />} disabled={waiting}>
            {t('askme.ask')}
          </Button>
        </div>
        {hearing.supported && !online && <p className="muted">{t('askme.micOffline')}</p>}
        {hearing.listening && <p role="status">{t('askme.listening')}</p>}
        {hearing.problem && !hearing.listening && (
          <p className="field-error" role="alert">
            {t(PROBLEM_TEXT[hearing.problem])}
          </p>
        )}
      </form>

      <section className="askme-quick" aria-labelledby={quickId}>
        <h2 id={quickId}>{t('askme.quick')}</h2>
        <div className="askme-chips">
          {INTENTS.map((intent) => (
            <button key={intent} type="button" className="askme-chip" disabled={waiting} onClick={() => ask(t(`askme.q.${intent}`), intent)}>
              {t(`askme.q.${intent}`)}
            </button>
          ))}
        </div>
      </section>

      {log.length > 0 && (
        <div className="askme-log" role="log" aria-label={t('askme.conversation')}>
          <ol>
            {log.map((e) => (
              <li key={e.id} className="askme-exchange">
                <p className="askme-question">
                  <span className="visually-hidden">{t('askme.you')}: </span>
                  {e.question}
                </p>
                <div className="askme-answer card">
                  <p className="visually-hidden">{t('askme.assistant')}:</p>
                  {e.answer === null ? (
                    <p className="muted">{t('askme.thinking')}</p>
                  ) : (
                    <>
                      <p data-testid="askme-answer">{e.answer}</p>
                      <ListenButton text={e.answer} />
                    </>
                  )}
                </div>
              </li>
            ))}
          </ol>
        </div>
      )}
    </Page>
  );
}
