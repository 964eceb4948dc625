import type { TFunction } from 'i18next';
import type { PlaceNames } from '@tractorlink/domain/geofences';

/**
 * States, union territories and districts in the owner's language (issue 19 item 5). The boundary files
 * name them in English; the geofences catalogue holds `place.<English name>` for every state and union
 * territory and for the districts of the bundled demo shapes. A boundary file may also name a place
 * in the app's languages (`name:hi` …, served as `names`): that comes first, then the catalogue, then
 * the official English name. Boundary files spell some places their own way: those map to one name.
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

/** A place's name in `lang`: the boundary file's own (`names`), else the catalogue's, else its English name. */
export function placeName(t: TFunction, name: string, names?: PlaceNames, lang?: string): string {
  const own = lang && names ? names[lang as keyof PlaceNames] : undefined;
  return own ?? t(keyOf(name), { defaultValue: name });
}

/** Sorts places by their name as the owner reads it (with the file's own names, when the item has them). */
export function byPlaceName<T extends { names?: PlaceNames }>(t: TFunction, lang: string, nameOf: (item: T) => string): (a: T, b: T) => number {
  const shown = (item: T) => placeName(t, nameOf(item), item.names, lang);
  return (a, b) => shown(a).localeCompare(shown(b), lang);
}
