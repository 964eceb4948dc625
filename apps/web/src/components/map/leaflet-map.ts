import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { env } from '../../config/env';

/**
 * The one place that touches Leaflet (its chunk loads only with the map screens: locate me, route replay, alert detail,
 * the geofence screens). The
 * React screens drive it through this small handle. Markers are drawn as inline SVG (no images, no
 * requests) and are not interactive: the same facts are written beside the map. Without reachable
 * tiles (no network, tests) the markers and tracks still draw on the plain background.
 */
export type MapLayer = 'road' | 'hybrid';
export interface Point {
  lat: number;
  lon: number;
}
interface Station extends Point {
  name: string;
}
/** [epoch s, lat, lon, speed km/h (null: the device sent none), working 0|1], as GET vehicles/{vin}/track sends them. */
export type TrackPoint = readonly [number, number, number, number | null, 0 | 1];

export interface MapText {
  zoomIn: string;
  zoomOut: string;
  /** The map's own name once it has focus: how the keys move it. */
  keys: string;
}

/** A box of latitudes and longitudes (a geofence's `bounds`). */
export interface Box {
  south: number;
  west: number;
  north: number;
  east: number;
}

/**
 * What the geofence screens draw: areas (a circle in metres, polygons with holes), a line (a polygon
 * still being drawn) and corner dots. `draft` areas are dashed (being drawn), others solid; a
 * `worked` tone is the ground a hire job's implement covered (filled, under the field's boundary).
 */
type MapArea =
  | { kind: 'circle'; center: Point; radiusM: number; draft?: boolean }
  | { kind: 'polygons'; polygons: readonly (readonly (readonly Point[])[])[]; draft?: boolean; tone?: 'worked' }
  | { kind: 'line'; points: readonly Point[] }
  | { kind: 'dots'; points: readonly Point[] };

export interface MapHandle {
  setLayer(layer: MapLayer): void;
  setTractor(p: Point | null): void;
  setUser(p: Point | null): void;
  setStations(stations: readonly Station[]): void;
  setTrack(points: readonly TrackPoint[]): void;
  setCursor(p: Point | null): void;
  fit(points: readonly Point[]): void;
  fitBox(box: Box): void;
  /** Centres the map on a point (a place found by search), at a field's zoom. */
  centerOn(p: Point): void;
  /** The point at the middle of the map (for placing a point without tapping). */
  middle(): Point;
  /** On-screen distance between two points, in CSS pixels. */
  pixelsBetween(a: Point, b: Point): number;
  /** A tap (or click) on the map; null stops listening. */
  onTap(handler: ((p: Point) => void) | null): void;
  /**
   * A pin the owner drags (the farm of a service booking); `onMove` hears where it was dropped.
   * null removes it. The screen writes the place beside the map for those who cannot drag.
   */
  setPin(p: Point | null, onMove?: (p: Point) => void): void;
  setAreas(areas: readonly MapArea[]): void;
  destroy(): void;
}

const PIN_SVG =
  '<svg viewBox="0 0 24 24" width="36" height="36" fill="currentColor" stroke="#fff" stroke-width="1.5" aria-hidden="true"><path d="M12 2a7 7 0 0 0-7 7c0 5 7 13 7 13s7-8 7-13a7 7 0 0 0-7-7z"/><circle cx="12" cy="9" r="2.5" fill="#fff"/></svg>';
const TRACTOR_SVG =
  '<svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><circle cx="7" cy="16" r="4"/><circle cx="18" cy="18" r="2"/><path d="M4 12V6h6l2 6h6l2 3v3M14 12V8h4v4"/></svg>';
const FUEL_SVG =
  '<svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M4 21V5a2 2 0 0 1 2-2h7a2 2 0 0 1 2 2v16M3 21h13M7 8h5M15 9h2a2 2 0 0 1 2 2v6a1.5 1.5 0 0 0 3 0V8l-3-3"/></svg>';

const icon = (className: string, html: string, size: number) =>
  L.divIcon({ className: `map-marker ${className}`, html, iconSize: [size, size], iconAnchor: [size / 2, size / 2] });
const still = { interactive: false, keyboard: false } as const;
const ll = (p: Point): L.LatLngTuple => [p.lat, p.lon];

/** Splits a track into runs of the same kind, each run sharing its first point with the last one. */
function trackRuns(points: readonly TrackPoint[]): { working: boolean; points: L.LatLngTuple[] }[] {
  const runs: { working: boolean; points: L.LatLngTuple[] }[] = [];
  let prev: TrackPoint | undefined;
  for (const p of points) {
    const working = p[4] === 1;
    const last = runs.at(-1);
    if (!last || last.working !== working) runs.push({ working, points: prev ? [[prev[1], prev[2]]] : [] });
    runs.at(-1)?.points.push([p[1], p[2]]);
    prev = p;
  }
  return runs;
}

export function createMap(el: HTMLElement, text: MapText, center: Point | null): MapHandle {
  // Arrow keys move the map and + / − zoom once it has focus (Leaflet makes it a tab stop): without
  // them a keyboard user could not bring a field under the centre to draw it there.
  const map = L.map(el, { zoomControl: false, keyboard: true, attributionControl: true, zoomSnap: 0.5 });
  el.setAttribute('role', 'application');
  el.setAttribute('aria-label', text.keys);
  map.attributionControl.setPrefix('<a href="https://leafletjs.com">Leaflet</a>');
  L.control.zoom({ zoomInTitle: text.zoomIn, zoomOutTitle: text.zoomOut }).addTo(map);
  map.setView(center ? ll(center) : [20.5937, 78.9629], center ? 15 : 5);

  const road = L.tileLayer(env.tiles.road.url, { attribution: env.tiles.road.attribution, maxZoom: 19 });
  const hybrid = L.layerGroup([
    L.tileLayer(env.tiles.hybrid.url, { attribution: env.tiles.hybrid.attribution, maxZoom: 19 }),
    ...(env.tiles.hybrid.labelsUrl ? [L.tileLayer(env.tiles.hybrid.labelsUrl, { maxZoom: 19 })] : []),
  ]);
  let base: L.Layer = road.addTo(map);

  const tractor = L.marker([0, 0], { ...still, icon: icon('marker-tractor', TRACTOR_SVG, 40), zIndexOffset: 1000 });
  const user = L.marker([0, 0], { ...still, icon: icon('marker-user', '', 22) });
  const cursor = L.marker([0, 0], { ...still, icon: icon('marker-tractor marker-cursor', TRACTOR_SVG, 36), zIndexOffset: 2000 });
  const link = L.polyline([], { ...still, className: 'map-link', dashArray: '6 8', weight: 3 });
  const stations = L.layerGroup().addTo(map);
  const track = L.layerGroup().addTo(map);
  const areas = L.layerGroup().addTo(map);
  // Anchored at its tip (bottom middle), so the point is where the pin points.
  const pinIcon = L.divIcon({ className: 'map-marker marker-pin', html: PIN_SVG, iconSize: [36, 36], iconAnchor: [18, 34] });
  const pin = L.marker([0, 0], { draggable: true, keyboard: false, icon: pinIcon, zIndexOffset: 3000 });
  let pinMoved: ((p: Point) => void) | undefined;
  pin.on('dragend', () => {
    const at = pin.getLatLng();
    pinMoved?.({ lat: at.lat, lon: at.lng });
  });
  let tapHandler: ((e: L.LeafletMouseEvent) => void) | null = null;
  let tractorAt: Point | null = null;
  let userAt: Point | null = null;

  const place = (marker: L.Marker, p: Point | null) => {
    if (p) marker.setLatLng(ll(p)).addTo(map);
    else marker.remove();
  };
  const updateLink = () => {
    if (tractorAt && userAt) link.setLatLngs([ll(userAt), ll(tractorAt)]).addTo(map);
    else link.remove();
  };

  return {
    setLayer(layer) {
      const next = layer === 'road' ? road : hybrid;
      if (next === base) return;
      map.removeLayer(base);
      base = next.addTo(map);
    },
    setTractor(p) {
      tractorAt = p;
      place(tractor, p);
      updateLink();
    },
    setUser(p) {
      userAt = p;
      place(user, p);
      updateLink();
    },
    setStations(list) {
      stations.clearLayers();
      for (const s of list) L.marker(ll(s), { ...still, icon: icon('marker-station', FUEL_SVG, 32) }).addTo(stations);
    },
    setTrack(points) {
      track.clearLayers();
      for (const run of trackRuns(points)) {
        L.polyline(run.points, { ...still, className: run.working ? 'track-work' : 'track-road', weight: run.working ? 6 : 4 }).addTo(track);
      }
    },
    setCursor(p) {
      place(cursor, p);
    },
    fit(points) {
      if (points.length === 1 && points[0]) map.setView(ll(points[0]), 15);
      else if (points.length > 1) map.fitBounds(L.latLngBounds(points.map(ll)), { padding: [32, 32], maxZoom: 17 });
    },
    fitBox(box) {
      map.fitBounds(L.latLngBounds([box.south, box.west], [box.north, box.east]), { padding: [24, 24], maxZoom: 17 });
    },
    centerOn(p) {
      map.setView(ll(p), 14);
    },
    middle() {
      const c = map.getCenter();
      return { lat: c.lat, lon: c.lng };
    },
    pixelsBetween(a, b) {
      return map.latLngToContainerPoint(ll(a)).distanceTo(map.latLngToContainerPoint(ll(b)));
    },
    onTap(handler) {
      if (tapHandler) map.off('click', tapHandler);
      tapHandler = handler ? (e) => handler({ lat: e.latlng.lat, lon: e.latlng.lng }) : null;
      if (tapHandler) map.on('click', tapHandler);
      // While taps draw, two quick taps are two corners, not a zoom (a finger placing corners is quick).
      if (tapHandler) map.doubleClickZoom.disable();
      else map.doubleClickZoom.enable();
    },
    setPin(p, onMove) {
      pinMoved = onMove;
      place(pin, p);
    },
    setAreas(list) {
      areas.clearLayers();
      for (const a of list) {
        const tone = a.kind === 'polygons' && a.tone ? ` area-${a.tone}` : '';
        const style = { ...still, className: `${a.kind !== 'dots' && 'draft' in a && a.draft ? 'area area-draft' : 'area'}${tone}`, weight: 3 };
        if (a.kind === 'circle') L.circle(ll(a.center), { ...style, radius: a.radiusM }).addTo(areas);
        else if (a.kind === 'polygons')
          L.polygon(
            a.polygons.map((rings) => rings.map((ring) => ring.map(ll))),
            style,
          ).addTo(areas);
        else if (a.kind === 'line') L.polyline(a.points.map(ll), { ...style, className: 'area area-draft' }).addTo(areas);
        else for (const p of a.points) L.circleMarker(ll(p), { ...still, className: 'area-dot', radius: 7, weight: 2 }).addTo(areas);
      }
    },
    destroy() {
      map.remove();
    },
  };
}
