import type { AlertTypeId, ResolvedAlertSetting } from '../alerts-catalog';

/**
 * The owner's thresholds and durations of one tractor as plain fields (durations in ms), worked
 * out once when the settings are loaded: the rules read them for every record.
 */
export interface RuleLimits {
  oilMs: number;
  tempC: number;
  tempMs: number;
  batteryV: number;
  batteryMs: number;
  rpm: number;
  rpmMs: number;
  idleMs: number;
  filterMs: number;
  ptoOnMs: number;
  ptoOffMs: number;
  theftL: number;
  towM: number;
  lowFuelPercent: number;
  refillL: number;
  keyStartMs: number;
  keyRemovedMs: number;
  dropL: number;
  dropWindowMs: number;
}

export function limitsOf(setting: (id: AlertTypeId) => ResolvedAlertSetting): RuleLimits {
  const ms = (id: AlertTypeId) => (setting(id).durationS ?? 0) * 1000;
  const at = (id: AlertTypeId, none: number) => setting(id).threshold ?? none;
  return {
    oilMs: ms('A0001'),
    tempC: at('A0003', Infinity),
    tempMs: ms('A0003'),
    batteryV: at('A0005', -Infinity),
    batteryMs: ms('A0005'),
    rpm: at('A0007', Infinity),
    rpmMs: ms('A0007'),
    idleMs: ms('A0009'),
    filterMs: ms('A0011'),
    ptoOnMs: ms('A0013'),
    ptoOffMs: ms('A0014'),
    theftL: at('A0100', Infinity),
    towM: at('A0101', Infinity),
    lowFuelPercent: at('A0103', -Infinity),
    refillL: at('A0104', Infinity),
    keyStartMs: ms('A0105'),
    keyRemovedMs: ms('A0107'),
    dropL: at('A0111', Infinity),
    dropWindowMs: ms('A0111'),
  };
}
