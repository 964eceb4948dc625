import { DieselTracker } from '@tractorlink/domain/diesel';
import { simulateDay } from '/work/main/apps/server/src/sim/farm-day';
import { at, FARM } from '/work/main/apps/server/src/modules/alerts/rules/test-support';
const profile = { imei: '356307042441039', home: FARM, fields: [{ corner: at(400, 900), lengthM: 600, widthM: 80, headingDeg: 20, slopePercent: 8 }], implementWidthM: 2, tankCapacityL: 60 };
const cadence = { movingS: 10, engineOnS: 60, parkedS: 600 };
const d1 = simulateDay(profile, { fuelL: 57, engineMin: 9000, odometerM: 0, position: FARM }, '2026-11-18', { cadence });
const d2 = simulateDay(profile, d1.carry, '2026-11-19', { cadence, events: [{ kind: 'siphon', at: Date.UTC(2026, 10, 18, 20, 30), litres: 20 }] });
const tr = new DieselTracker({ tankCapacityL: 60 });
let last = 0;
for (const s of [...d1.samples, ...d2.samples]) {
  const st = tr.push(s.time, s.fuelSensorPercent * 0.6, s.ignition === false || (s.speedKmh < 1.5 && !s.pto));
  const ist = new Date(s.time + 5.5 * 3600e3).toISOString().slice(5, 19);
  if (st.refuelDone) console.log('DONE', ist, st.refuelDone, new Date(st.refuelDone.start + 5.5 * 3600e3).toISOString().slice(5, 19));
  if (ist >= '11-19T15:00' && ist <= '11-19T17:00' && (s.time - last >= 60_000)) { last = s.time; console.log(ist, s.speedKmh, s.ignition, s.pto, s.fuelL, st.smoothedL.toFixed(1), JSON.stringify(tr.state.low), JSON.stringify(tr.state.refuel ?? '')); }
}
