/**
 * A formatted date or time with the clock time and its am/pm held together by a no-break space. Some
 * languages' Intl data joins them with a plain space ('4:01 PM' in Tamil, Telugu, Marathi), and a phone
 * at 360 px then breaks a heading between '4:01' and 'PM'. The line may still break between the date
 * and the time. Pure: shared by the owner's screens and the customer's public pages.
 */
export function formatClock(format: Intl.DateTimeFormat, at: number | Date): string {
  const parts = format.formatToParts(at);
  return parts
    .map((part, i) => {
      if (part.type !== 'literal' || !/^\s+$/.test(part.value)) return part.value;
      const besideDayPeriod = parts[i - 1]?.type === 'dayPeriod' || parts[i + 1]?.type === 'dayPeriod';
      return besideDayPeriod ? '\u00a0' : part.value;
    })
    .join('');
}
