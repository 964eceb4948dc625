import type { Kysely } from 'kysely';
import { dieselStatus } from '@tractorlink/domain/diesel-status';
import { isPlausibleFix } from '@tractorlink/domain/geo';
import { serviceDue } from '@tractorlink/domain/service-due';
import { DAY_MS, istDate, istDayStart } from '@tractorlink/domain/time';
import { knownUsageReport } from '@tractorlink/domain/usage';
import { devicePowerMode, vehicleStatus } from '@tractorlink/domain/vehicle-state';
import type {
  DieselDetailsResponse,
  ModelConfigResponse,
  ServiceReminderResponse,
  TractorHomepageResponse,
  TrackingResponse,
} from '@tractorlink/domain/vehicles-api';
import type { Clock } from '../../clock';
import type { Database } from '../../db/types';
import { AppError } from '../../errors/app-error';
import type { GeocodingService } from '../geocoding/service';
import { formatPlace } from '../geocoding/service';
import { serviceHistory } from './service-book';
import type { DeviceModels } from '../tractors/device-models';
import { distinctModels } from '../tractors/repo';
import { subscriptionOf, toVehicleEntry } from '../tractors/views';
import { liveState, round, toSeconds } from './live-state';
import type { LiveState } from './live-state';
import { firstUsageHour, findWithStateById, listOwnedWithState, refuelsBetween, totalEngineSeconds, usageBetween } from './repo';
import type { TractorWithState } from './repo';
import { ownedOrNotFound } from './service';
import { usageSources } from './sources';

/** How far back the last refuel is looked for. */
const REFUEL_LOOKBACK_MS = 90 * DAY_MS;
/** Engine-hour totals remembered per tractor (they change only when its state version does). */
const ENGINE_HOURS_MEMO = 50_000;

export interface LiveServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  /** Only reverse geocoding is used (the admin commands pass none that answers). */
  geocoding: Pick<GeocodingService, 'reverse'>;
  models: DeviceModels;
  offlineAfterMs: number;
  /** The date rule of service due: days after the last service (SERVICE_INTERVAL_DAYS, 180). */
  serviceIntervalDays?: number;
}

/** The running average that projects when the service hours will be reached. */
const PROJECTION_DAYS = 30;
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** What a tractor is doing now: the map, the home screen, diesel, service due, model config. */
export class LiveService {
  private readonly engineMemo = new Map<string, { key: string; hours: number }>();

  constructor(private readonly deps: LiveServiceDeps) {}

  /**
   * Forgets the engine hours summed from the rollups: a day rebuilt from late records changed
   * them without a new record (whose state version would have) — on this instance or another.
   */
  forgetRollupSums(): void {
    this.engineMemo.clear();
  }

  private live(t: TractorWithState): LiveState {
    return liveState(t, this.deps.clock.now(), this.deps.offlineAfterMs);
  }

  async tracking(userId: string): Promise<TrackingResponse> {
    const tractors = await listOwnedWithState(this.deps.db, userId);
    const now = this.deps.clock.now();
    return {
      data: tractors.map((t) => {
        const s = this.live(t);
        return {
          ...toVehicleEntry(t.tractor, now),
          latitude: s.fix?.lat ?? null,
          longitude: s.fix?.lon ?? null,
          vehicleStatus: s.last ? vehicleStatus(s.last) : 'na',
          lastUpdated: s.last ? toSeconds(s.last.time) : null,
          offline: s.connectivity !== 'online',
          notTransmitting: s.connectivity === 'not_transmitting',
        };
      }),
    };
  }

  /**
   * Engine hours: the device's worktime counter when it reports one (it counts while the tracker
   * was unplugged too), otherwise the sum of the hourly rollups' engine time.
   */
  private async engineHours(t: TractorWithState, s: LiveState): Promise<number> {
    if (s.last?.engineWorktimeMin !== undefined) return round(s.last.engineWorktimeMin / 60, 1);
    // The state version changes on every commit; the last record's time guards two commits in one ms.
    const key = `${s.version ?? 0}:${s.last?.time ?? 0}`;
    const memo = this.engineMemo.get(t.tractor.id);
    if (memo && memo.key === key) return memo.hours;
    const hours = round((await totalEngineSeconds(this.deps.db, t.tractor.id)) / 3600, 1);
    if (this.engineMemo.size >= ENGINE_HOURS_MEMO) this.engineMemo.clear();
    this.engineMemo.set(t.tractor.id, { key, hours });
    return hours;
  }

  private due(t: TractorWithState, engineHours: number) {
    return serviceDue({ engineHours, lastServiceAtHours: t.tractor.last_service_engine_h, serviceIntervalH: t.tractor.service_interval_h });
  }

  private diesel(t: TractorWithState, s: LiveState) {
    const tank = t.tractor.tank_capacity_l;
    if (s.fuelL === undefined) return { dieselLevel: null, dieselLitres: null, percent: undefined };
    const litres = Math.max(0, s.fuelL);
    const percent = Math.min(100, (litres / tank) * 100);
    return { dieselLevel: Math.round(percent), dieselLitres: round(litres, 1), percent };
  }

  async homepage(userId: string, vin: string): Promise<TractorHomepageResponse> {
    const t = await ownedOrNotFound(this.deps.db, userId, vin);
    const s = this.live(t);
    const engineHours = await this.engineHours(t, s);
    const due = this.due(t, engineHours);
    const place = s.fix && isPlausibleFix(s.fix) ? await this.deps.geocoding.reverse(s.fix.lat, s.fix.lon, t.language) : undefined;
    const offline = s.connectivity !== 'online';
    const { dieselLevel, dieselLitres } = this.diesel(t, s);
    const { expiresOn, isExpired, numberOfDays } = subscriptionOf(t.tractor, this.deps.clock.now());
    const voltage = s.last?.externalVoltage;
    return {
      vin: t.tractor.vin,
      regNo: t.tractor.reg_no,
      Veh_Name: t.tractor.veh_name,
      vehicleStatus: s.last ? vehicleStatus(s.last) : 'na',
      lastStatus: s.lastStatus ?? null,
      devicePower: voltage === undefined ? null : round(voltage, 2),
      devicePowerMode: devicePowerMode(s.last),
      gsmSignal: s.last?.gsmSignal === undefined ? null : Math.min(5, Math.max(0, Math.round(s.last.gsmSignal))),
      deviceBatteryV: s.last?.batteryVoltage === undefined ? null : round(s.last.batteryVoltage, 2),
      latitude: s.fix?.lat ?? null,
      longitude: s.fix?.lon ?? null,
      dieselLevel,
      dieselLitres,
      hasFuelSensor: t.state ? s.hasFuelSensor : null,
      tankCapacity: t.tractor.tank_capacity_l,
      engineHours,
      lastUpdated: s.last ? toSeconds(s.last.time) : null,
      offline,
      offlineSince: offline && s.lastSeenAt !== undefined ? toSeconds(s.lastSeenAt) : null,
      notTransmitting: s.connectivity === 'not_transmitting',
      address: place ? formatPlace(place) : null,
      place: place ?? null,
      serviceDue: { status: due.status, dueAtHours: due.dueAtHours, hoursLeft: due.hoursLeft },
      showMenu: true,
      subscription: { expiresOn, isExpired, numberOfDays },
    };
  }

  async dieselDetails(userId: string, vin: string): Promise<DieselDetailsResponse> {
    const { db, clock } = this.deps;
    const t = await ownedOrNotFound(db, userId, vin);
    const s = this.live(t);
    const now = clock.now();
    const { dieselLevel, dieselLitres, percent } = this.diesel(t, s);
    const today = await usageBetween(db, t.tractor.id, istDayStart(now), now + 1);
    const sources = await usageSources(db, t, s);
    // The newest refuel event: the same time and litres as its fuel-refill alert.
    const [newest] = await refuelsBetween(db, t.tractor.id, now - REFUEL_LOOKBACK_MS, now + 1, { newestFirst: true, limit: 1 });
    const lastRefuel = newest ? { time: toSeconds(newest.start), litres: round(newest.litres, 1) } : null;
    return {
      vin: t.tractor.vin,
      dieselLevel,
      dieselLitres,
      tankCapacity: t.tractor.tank_capacity_l,
      hasFuelSensor: t.state ? s.hasFuelSensor : null,
      dieselStatus: percent === undefined ? null : dieselStatus(percent),
      lastRefuel,
      // Unknown, not 0, without a tank sensor or a fuel counter.
      consumedToday: knownUsageReport(today, sources).dieselConsumedL,
      lastUpdated: s.last ? toSeconds(s.last.time) : null,
      approximate: true,
    };
  }

  async serviceReminders(userId: string, vin: string): Promise<ServiceReminderResponse> {
    const t = await ownedOrNotFound(this.deps.db, userId, vin);
    const engineHours = await this.engineHours(t, this.live(t));
    const due = this.due(t, engineHours);
    const history = await serviceHistory(this.deps.db, t.tractor.id);
    return {
      vin: t.tractor.vin,
      ...(await this.dueDates(t, history[0]?.doneOn, due.hoursLeft)),
      engineHours,
      serviceIntervalH: t.tractor.service_interval_h,
      lastServiceAtHours: t.tractor.last_service_engine_h,
      nextServiceAtHours: due.dueAtHours,
      hoursLeft: due.hoursLeft,
      status: due.status,
      preReminders: due.preReminders,
      currentPreReminder: due.currentPreReminder,
      history,
    };
  }

  /**
   * Service due by date (issue 15 item 4): the last service's day (or the first day of data) plus
   * the interval in days; and the day the hours will be reached at the last 30 days' running.
   */
  private async dueDates(t: TractorWithState, lastServiceOn: string | undefined, hoursLeft: number) {
    const { db, clock } = this.deps;
    const hasData = t.state !== undefined;
    const now = clock.now();
    const firstHour = hasData ? ((await firstUsageHour(db, t.tractor.id)) ?? t.state?.lastTime) : undefined;
    const from = lastServiceOn ?? (firstHour === undefined ? undefined : istDate(firstHour));
    const nextServiceDate = from === undefined ? null : addDays(from, this.deps.serviceIntervalDays ?? 180);
    let expectedOn: string | null = null;
    if (hasData) {
      const perDay = (await usageBetween(db, t.tractor.id, now - PROJECTION_DAYS * DAY_MS, now + 1)).engineS / 3600 / PROJECTION_DAYS;
      if (perDay > 0) expectedOn = hoursLeft <= 0 ? istDate(now) : istDate(now + Math.ceil(hoursLeft / perDay) * DAY_MS);
    }
    return { hasData, nextServiceDate, expectedOn };
  }

  /** The engine hours the app shows for a tractor (NOT_FOUND when there is none). */
  async engineHoursOf(tractorId: string): Promise<number> {
    const t = await findWithStateById(this.deps.db, tractorId);
    if (!t) throw new AppError('NOT_FOUND');
    return this.engineHours(t, this.live(t));
  }

  async modelConfig(): Promise<ModelConfigResponse> {
    const { models } = this.deps;
    return {
      tractorModels: await distinctModels(this.deps.db),
      deviceModels: models.names().map((model) => ({ model, fields: [...new Set(models.rules(model).map((r) => r.field))] })),
    };
  }
}
