const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;

/** When a device was last used, as the list says it: 'Just now', minutes, hours, days, then the date. */
export function usedAgo(iso: string, now: number): string {
  const then = Date.parse(iso);
  const ago = Math.max(0, now - then);
  if (ago < MINUTE) return 'Just now';
  if (ago < HOUR) return plural(Math.floor(ago / MINUTE), 'minute');
  if (ago < DAY) return plural(Math.floor(ago / HOUR), 'hour');
  if (ago < 30 * DAY) return plural(Math.floor(ago / DAY), 'day');
  return new Date(then).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

/** A full date and time, for the title of a relative one and for 'Signed in'. */
export const fullTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
