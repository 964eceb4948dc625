import { createContext, useContext, useSyncExternalStore } from 'react';
import { storage } from '../secure-storage';
import { createStore } from '../store';

/** A tractor as the home service lists it (spec §3 Tractor). */
export interface TractorRef {
  vin: string;
  regNo: string;
  Veh_Name: string;
  /** Subscription end, unix seconds (absent in data cached before renewals existed). */
  expiresOn?: number;
  subscriptionPack?: 'free' | 'month' | 'year' | null;
}

/**
 * The tractor every screen shows, kept under the spec's keys selectedTractor (VIN) and
 * selectedTractorRegno (registration, kept after logout so the next login opens on the same tractor).
 */
const selectedVin = createStore<string | undefined>(undefined);
let loaded = false;

function current(): string | undefined {
  if (!loaded) {
    loaded = true;
    selectedVin.set(storage.get('selectedTractor'));
  }
  return selectedVin.get();
}

/** The stored choice if it is still one of the owner's tractors, else the same registration, else the first. */
export function pickSelected(tractors: readonly TractorRef[], vin: string | undefined, regNo: string | undefined): TractorRef | undefined {
  return tractors.find((t) => t.vin === vin) ?? tractors.find((t) => t.regNo === regNo) ?? tractors[0];
}

export function rememberSelected(tractor: TractorRef): void {
  storage.set('selectedTractor', tractor.vin);
  storage.set('selectedTractorRegno', tractor.regNo);
  loaded = true;
  selectedVin.set(tractor.vin);
}

export function useSelectedVin(): string | undefined {
  return useSyncExternalStore(selectedVin.subscribe, current);
}

export function storedRegNo(): string | undefined {
  return storage.get('selectedTractorRegno');
}

export interface TractorsValue {
  /** undefined until the home service has answered once (or the cache held it). */
  tractors: readonly TractorRef[] | undefined;
  selected: TractorRef | undefined;
  select: (vin: string) => void;
}

/** Filled by the signed-in shell from GET home; features read it here (they do not import each other). */
export const TractorsContext = createContext<TractorsValue>({ tractors: undefined, selected: undefined, select: () => undefined });

export function useTractors(): TractorsValue {
  return useContext(TractorsContext);
}
