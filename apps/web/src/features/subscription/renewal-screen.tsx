import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { PaidPack, SubscriptionState } from '@tractorlink/domain/subscription';
import { MAX_TRACTORS_PER_ORDER } from '@tractorlink/domain/subscription';
import { Button } from '../../components/ui/button';
import { Notice } from '../../components/ui/notice';
import { Page } from '../../components/ui/page';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/error-message';
import { formatDate } from '../../lib/format';
import { formatRupees, packStateOf } from '../../lib/signed-in/subscription';
import { useSubscriptionTexts } from '../../lib/signed-in/subscription-texts';
import { useTractors } from '../../lib/signed-in/tractors';
import { schemeQueryOptions, useCreateOrder, vehicleEntriesQueryOptions } from './api/subscription-api';
import { forgetRenewalArray, startingChoice, storedRenewalArray } from './renewal-flow';
import { Loading } from '../../components/ui/loading';

/** The words of a pack's state; an ending one counts IST days (0 on the last): today, tomorrow, or in N days (plural forms). */
const stateKey = ({ state, daysLeft }: { state: SubscriptionState; daysLeft: number }) =>
  state === 'expiring' ? (['endsToday', 'endsTomorrow'][daysLeft] ?? 'expiring') : state;

/** Spec §2 digisense-renewal: which tractors, which pack; the order is priced by the server. */
export function RenewalScreen() {
  const { t, lang, ready } = useSubscriptionTexts();
  const navigate = useNavigate();
  const { tractors, selected } = useTractors();
  // The tractors the renewal flow handed over (spec §4 step 4), read once: null when none, and the
  // page starts from the packs that need renewing until the owner ticks for themselves.
  const [picked, setPicked] = useState<string[] | null>(() => {
    const stored = storedRenewalArray();
    return stored.length > 0 ? stored : null;
  });
  useEffect(forgetRenewalArray, []);
  const [pack, setPack] = useState<PaidPack>('year');
  const entries = useQuery(vehicleEntriesQueryOptions);
  const list = entries.data ?? tractors ?? [];
  const chosen = picked ?? startingChoice(list, selected);
  const first = chosen[0] ?? selected?.vin;
  const scheme = useQuery({ ...schemeQueryOptions(first ?? ''), enabled: first !== undefined });
  const order = useCreateOrder();
  const offers = scheme.data?.packs ?? [];
  const offer = offers.find((o) => o.pack === pack);

  // One Idempotency-Key per intent (these tractors, this pack): Continue tapped twice, or the request
  // resent after a lost answer, makes one order on the server; another choice is another order.
  const keys = useRef(new Map<string, string>());

  const toggle = (vin: string, on: boolean) => setPicked(on ? [...chosen.filter((v) => v !== vin), vin] : chosen.filter((v) => v !== vin));
  const submit = () => {
    const intent = `${[...chosen].sort().join(',')}|${pack}`;
    const idempotencyKey = keys.current.get(intent) ?? crypto.randomUUID();
    keys.current.set(intent, idempotencyKey);
    order.mutate({ body: { vins: chosen, pack }, idempotencyKey }, { onSuccess: (placed) => void navigate(paths.paymentSummary.getHref(placed.orderId)) });
  };

  return (
    <Page title={t('renewal.title')} backTo={paths.home.getHref()}>
      {!ready && <Loading />}
      <form
        className="renewal-form"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <fieldset className="choice-list">
          <legend>{t('renewal.chooseTractors')}</legend>
          {list.map((tractor) => {
            const state = packStateOf(tractor);
            return (
              <label className="choice choice-two-line" key={tractor.vin}>
                <input type="checkbox" checked={chosen.includes(tractor.vin)} onChange={(e) => toggle(tractor.vin, e.target.checked)} />
                <span>
                  <span className="choice-title">
                    {tractor.Veh_Name}{' '}
                    <span lang="en" dir="ltr">
                      {tractor.regNo}
                    </span>
                  </span>
                  {state && tractor.expiresOn !== undefined && (
                    <span className={`pack-state pack-${state.state}`}>
                      {t(`renewal.state.${stateKey(state)}`, { date: formatDate(tractor.expiresOn * 1000, lang), count: state.daysLeft })}
                    </span>
                  )}
                </span>
              </label>
            );
          })}
        </fieldset>
        <fieldset className="choice-list">
          <legend>{t('renewal.choosePack')}</legend>
          {offers.map((o) => (
            <label className="choice choice-two-line" key={o.pack}>
              <input type="radio" name="pack" value={o.pack} checked={pack === o.pack} onChange={() => setPack(o.pack)} />
              <span>
                <span className="choice-title">{t(`renewal.pack.${o.pack}`)}</span>
                <span>{t('renewal.packPrice', { price: formatRupees(o.basicPaise, lang), count: o.days })}</span>
              </span>
            </label>
          ))}
          {scheme.isPending && first !== undefined && <Loading />}
        </fieldset>
        {offer && chosen.length > 0 && (
          <p className="renewal-estimate">{t('renewal.basicFor', { count: chosen.length, price: formatRupees(offer.basicPaise * chosen.length, lang) })}</p>
        )}
        {chosen.length > MAX_TRACTORS_PER_ORDER && <Notice tone="error">{t('renewal.tooMany', { max: MAX_TRACTORS_PER_ORDER })}</Notice>}
        {order.error && <Notice tone="error">{errorMessage(t, order.error)}</Notice>}
        {scheme.error && <Notice tone="error">{errorMessage(t, scheme.error)}</Notice>}
        <Button type="submit" busy={order.isPending} disabled={chosen.length === 0 || chosen.length > MAX_TRACTORS_PER_ORDER || !offer}>
          {t('renewal.continue')}
        </Button>
      </form>
    </Page>
  );
}
