import { localName } from '../geocoder/place-names';
import { STREET_NAMES } from './fuel-stations';

const COLUMN: Readonly<Record<string, number>> = { hi: 0, mr: 1, pa: 2, gu: 3, ta: 4, te: 5 };

/** One part of a station's address in `language`: a road or area of the stations' table, else a bundled town. */
export function addressPart(english: string, language: string): string {
  const column = COLUMN[language];
  const street = column === undefined ? undefined : STREET_NAMES[english]?.[column];
  return street ?? localName(english, language);
}

/** A station's address as the owner reads it: "नासिक रोड, पिंपलगांव बसवंत". */
export function stationAddress(parts: readonly string[], language: string): string {
  return parts.map((part) => addressPart(part, language)).join(', ');
}
