import { localName, nameIn } from '../geocoder/place-names';
import { STREET_NAMES } from './fuel-stations';

/** One part of a station's address in `language`: a road or area of the stations' table, else a bundled town. */
export function addressPart(english: string, language: string): string {
  return nameIn(STREET_NAMES, english, language) ?? localName(english, language);
}

/** A station's address as the owner reads it: "नासिक रोड, पिंपलगांव बसवंत". */
export function stationAddress(parts: readonly string[], language: string): string {
  return parts.map((part) => addressPart(part, language)).join(', ');
}
