import { SQUARE_METERS_PER_ACRE } from '@tractorlink/domain/geo';
import { formatDecimal } from '../../lib/signed-in/tractor-format';
import type { Point } from './leaflet-map';

/** A point as a listener hears it beside the map: latitude, longitude (5 decimals: about a metre). */
export const pointText = (p: Point): string => `${p.lat.toFixed(5)}, ${p.lon.toFixed(5)}`;

/** Square metres as acres, the farmer's measure of land (the figure of `unit.acres`). */
export const acresFigure = (areaM2: number, lang: string): string => formatDecimal(areaM2 / SQUARE_METERS_PER_ACRE, lang, 2);
