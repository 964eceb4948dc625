import type { TFunction } from 'i18next';
import { balanceText } from '../format';

/** A customer's balance, in words and colour: due (red), nothing due or paid ahead (green). */
export function Balance({ t, balancePaise, lang, big = false }: { t: TFunction; balancePaise: number; lang: string; big?: boolean }) {
  const tone = balancePaise > 0 ? 'hire-due' : 'hire-clear';
  return <p className={`hire-balance ${tone}${big ? ' big-figure' : ''}`}>{balanceText(t, balancePaise, lang)}</p>;
}
