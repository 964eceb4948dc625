import type { AlertTypeId, ResolvedAlertSetting } from '../alerts-catalog';
import type { LatLon } from '../geo';
import type { CompiledArea } from '../geofence-geometry';
import type { Reading } from '../telemetry';
import type { RuleLimits } from './limits';

/**
 * The alert rules' view of one tractor. Rules are pure: a reading and the saved state in, alerts
 * and the next state out; the state is plain JSON persisted in tractor_state.processor with the
 * records it reflects, so a restart neither repeats nor loses an alert.
 */

/** What the owner set (defaults filled in) and the service schedule, loaded before each batch. */
export interface AlertProfile {
  setting(typeId: AlertTypeId): ResolvedAlertSetting;
  /** The same settings as the rules read them. */
  limits: RuleLimits;
  service: { intervalH: number; lastServiceAtH: number };
  tankCapacityL: number;
}

/** One processed reading and what the processor derived from it. */
export interface RuleInput {
  reading: Reading;
  /** Newest plausible position (this reading's or an earlier one). */
  fix: LatLon | undefined;
  /** Present when the reading carried a tank value. */
  fuel?: {
    smoothedL: number;
    /** The level held over the last half hour (DieselStep.settledL): events are confirmed on it. */
    settledL?: number;
    /** The mean level of the last half hour (DieselStep.meanL): a slope's passes cancel in it. */
    meanL?: number;
    /** The level still averages readings from when the tractor last moved (DieselStep.drivenInLevel). */
    drivenInLevel?: boolean;
    /** A refuel that has just settled. */
    refuelDone?: { start: number; litres: number };
    /** A refuel is in progress (the level is rising). */
    refueling: boolean;
  };
  /** Engine seconds of the interval this reading closed (for engine hours without a worktime counter). */
  engineS: number;
}

export interface RaisedAlert {
  typeId: AlertTypeId;
  /** Device time at which the condition was confirmed, epoch ms. */
  time: number;
  lat: number | null;
  lon: number | null;
  value: number | null;
  threshold: number | null;
  configBy: 'oem' | 'user';
  /** Geofence entry and exit: which geofence, and its name at the time. */
  geofenceId?: string;
  geofenceName?: string;
}

/**
 * An alert as it is stored (the alerts table), whoever raised it: the telemetry rules (live or in a
 * late replay) or the server outside them (AlertService.raiseAlert). Written with an outbox entry
 * for its delivery, in the same transaction.
 */
export interface AlertRow extends RaisedAlert {
  /** A UUID version 7 of `createdAt`: new rows land at the end of the primary key. */
  id: string;
  tractorId: string;
  /** When it was written, epoch ms. */
  createdAt: number;
}

/** An active geofence a tractor is assigned to, as the geofence rule tests it (compiled once, shared). */
export interface WatchedGeofence {
  id: string;
  name: string;
  /** Changes with every edit: the tractor's inside/outside state of an older rev is forgotten. */
  rev: number;
  alertOnEntry: boolean;
  alertOnExit: boolean;
  area: CompiledArea;
}

/** A tractor against one geofence. Only `rev` and `inside` are stored; the rest is rebuilt after a restart. */
export interface GeofenceTrack {
  rev: number;
  /** undefined until a position is clearly inside or outside (the first one sets it without an alert). */
  inside: boolean | undefined;
  /** Positions in a row clearly on the other side. */
  pending: number;
  /**
   * The side before an edit of the geofence (memory only): kept if the first position after it is in
   * the band, where the edit cannot have put the tractor on the other side.
   */
  was?: boolean;
  /** Within `r` metres of here the state cannot change (the signed distance moves no faster than the tractor). */
  anchor?: { lat: number; lon: number; r: number };
  /** The anchor's object, kept for reuse when it is cleared. */
  spare?: { lat: number; lon: number; r: number };
  /** The last position it was looked at (a counter), so a position looks at it once. */
  seen?: number;
  /** On the view's live list. */
  live?: boolean;
}

/** Memory only: the watched list the tracks are lined up with (a new list means a reload). */
export interface GeofenceView {
  list: readonly WatchedGeofence[];
  /** The tracks in the list's order. */
  tracks: GeofenceTrack[];
  /** Indexes of the tracks not clearly outside (inside, not known yet, or about to change): looked at every time. */
  live: number[];
  /** Positions seen. */
  stamp: number;
  /** Where in the list's grid each geofence is (geofence-rule.ts). */
  grid: Grid;
  /** The stored form of the tracks (codec.ts), kept until a track's inside/outside changes. */
  encoded?: Record<string, number>;
}

/** The small geofences of a watched list by grid cell (built in geofence-rule.ts). */
export interface Grid {
  /** Geofences spanning too many cells: looked at every time. */
  always: number[];
  /** Cell → the small geofences whose box, widened by the band, touches it. */
  cells: Map<number, number[]>;
}

/** A condition that must hold for a while: since when, and whether it has alerted. */
export interface Held {
  since: number;
  fired: boolean;
}

/** Everything the rules remember of a tractor between readings. */
export interface AlertRulesState {
  held: Partial<Record<string, Held>>;
  /** The key input has read "present" at least once: it is wired (an unwired input reads 0 forever). */
  keyWired?: boolean;
  /** The key was seen in the current ignition session. */
  keySeen?: boolean;
  pto?: { session: boolean; onSince?: number; offSince?: number; sessionStart?: number };
  fuel?: {
    parkedSince?: number;
    theftPeakL?: number;
    theftFired?: boolean;
    /** The highest settled level (DieselStep.settledL) since parking: a theft is confirmed when it has followed the loss. */
    theftPeakSettledL?: number;
    /** When a loss of the threshold was first seen while parked (waiting for the settled level to confirm it). */
    theftSince?: number;
    /** After a theft alert: the lowest level since (a rise of the threshold from it re-arms the alert). */
    theftLowL?: number;
    /** [time, smoothed L] while the engine runs: descending levels (the head is the peak) within the drop window. */
    run?: [number, number][];
    dropFired?: boolean;
    /** A drop of the threshold seen, waiting to hold: since when, and the peak it fell from. */
    dropSeen?: { since: number; peakL: number; settledL?: number };
  };
  /** `anchored`: a second fix agreed with the anchor (a wild first fix is replaced, not measured from). */
  tow?: { anchor?: LatLon; anchored?: boolean; far: number; fired: boolean; lastFix?: LatLon & { time: number } };
  /** `seen`: the stage the device's counter reached on its last reading, not yet confirmed by a second one. */
  service?: { dueAt: number; stage: number; nextAt: number; seen?: number };
  /** Engine seconds over the tractor's life (engine hours when the device has no worktime counter). */
  engineS: number;
  /** Per geofence id. */
  geofences?: Record<string, GeofenceTrack>;
  /**
   * Fingerprint of the watched list (ids and revs) the tracks belong to. Stored, so that the
   * tracks clearly outside (most of them) need not be: for a list with this fingerprint, a geofence
   * without a track is one the tractor is clearly outside.
   */
  geofenceFingerprint?: number;
  geofenceView?: GeofenceView;
}

export const emptyRulesState = (engineS = 0): AlertRulesState => ({ held: {}, engineS });

/** How rules raise an alert: the setting decides whether it is on, and who configured it. */
export interface RuleContext {
  profile: AlertProfile;
  input: RuleInput;
  /** The active geofences the tractor is assigned to. */
  geofences: readonly WatchedGeofence[];
  /** `time`: when it happened, if not at this reading (a refuel is dated when the level began to rise). */
  raise(typeId: AlertTypeId, value: number | null, threshold: number | null, geofence?: WatchedGeofence, time?: number): void;
}
