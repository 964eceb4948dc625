import type { TFunction } from 'i18next';

/**
 * States, union territories and districts in the owner's language (issue 19 item 5). The boundary files
 * name them in English; the geofences catalogue holds `place.<English name>` for every state and union
 * territory and for the districts of the bundled demo shapes. A district without a translation shows
 * its official English name. Boundary files spell some places their own way: those map to one name.
 */
const ALIASES: Record<string, string> = {
  'NCT of Delhi': 'Delhi',
  'Arunanchal Pradesh': 'Arunachal Pradesh',
  Orissa: 'Odisha',
  Pondicherry: 'Puducherry',
  Uttaranchal: 'Uttarakhand',
  'Andaman and Nicobar': 'Andaman and Nicobar Islands',
  'Andaman and Nicobar Island': 'Andaman and Nicobar Islands',
  Ahilyanagar: 'Ahmednagar',
  'The Dangs': 'Dang',
};

function keyOf(name: string): string {
  const plain = name.replace(/&/g, 'and').replace(/\s+/g, ' ').trim();
  return `place.${ALIASES[plain] ?? plain}`;
}

export function placeName(t: TFunction, name: string): string {
  return t(keyOf(name), { defaultValue: name });
}

/** Sorts places by their name as the owner reads it. */
export function byPlaceName<T>(t: TFunction, lang: string, nameOf: (item: T) => string): (a: T, b: T) => number {
  return (a, b) => placeName(t, nameOf(a)).localeCompare(placeName(t, nameOf(b)), lang);
}
