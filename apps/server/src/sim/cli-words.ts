/** A count with its noun, singular for one: "1 record", "2 records", "0 tractors" (the operator's console is in English). */
export function counted(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
