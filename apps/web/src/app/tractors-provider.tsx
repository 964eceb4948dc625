import { useCallback, useEffect, useMemo } from 'react';
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { tractorHomeQueryOptions } from '../lib/signed-in/tractor-home';
import { isNotTransmitting, setTractorReach } from '../lib/tractor-reach';
import { TractorsContext, pickSelected, rememberSelected, storedRegNo, useSelectedVin } from '../lib/signed-in/tractors';
import type { TractorRef, TractorsValue } from '../lib/signed-in/tractors';

interface TractorsProviderProps {
  tractors: readonly TractorRef[] | undefined;
  children: ReactNode;
}

/** Gives every signed-in screen the owner's tractors and the selected one (spec: selectedTractor). */
export function TractorsProvider({ tractors, children }: TractorsProviderProps) {
  const vin = useSelectedVin();
  const selected = tractors ? pickSelected(tractors, vin, storedRegNo()) : undefined;

  useEffect(() => {
    // The first tractor (or the one matching the kept registration) becomes the stored choice.
    if (selected && selected.vin !== vin) rememberSelected(selected);
  }, [selected, vin]);

  const select = useCallback(
    (next: string) => {
      const tractor = tractors?.find((t) => t.vin === next);
      if (tractor) rememberSelected(tractor);
    },
    [tractors],
  );
  const value = useMemo<TractorsValue>(() => ({ tractors, selected, select }), [tractors, selected, select]);
  return (
    <TractorsContext value={value}>
      {selected ? <ReachSync vin={selected.vin} /> : <NoReach />}
      {children}
    </TractorsContext>
  );
}

/**
 * Feeds the banners (spec §2) from the selected tractor's last home data, whichever screen fetched
 * it; it fetches nothing itself (the home tab polls).
 */
function ReachSync({ vin }: { vin: string }) {
  const { data } = useQuery({ ...tractorHomeQueryOptions(vin), enabled: false });
  const body = data?.body;
  useEffect(() => {
    if (!body) return;
    const silent = isNotTransmitting(body);
    setTractorReach({
      name: body.Veh_Name,
      offline: body.offline || silent,
      notTransmitting: silent,
      lastUpdated: body.lastUpdated,
      offlineSince: body.offlineSince,
    });
  }, [body]);
  return null;
}

function NoReach() {
  useEffect(() => setTractorReach(null), []);
  return null;
}
