const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The recent-time format of the DM list (spec 3 §9): under a minute 'Just now', then minutes, hours
 * under 24, days under 7, then the date (with the year when it is not this year's).
 */
export function formatRecentTime(iso: string, now: Date = new Date()): string {
  const then = new Date(iso);
  const ago = Math.max(0, now.getTime() - then.getTime());
  if (ago < MINUTE) return 'Just now';
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)}m`;
  if (ago < DAY) return `${Math.floor(ago / HOUR)}h`;
  if (ago < 7 * DAY) return `${Math.floor(ago / DAY)}d`;
  return then.toLocaleDateString(undefined, {
    month: 'short',
    day: 'numeric',
    ...(then.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
  });
}

/** Spec 2 §9: the preview is cut at 50 characters. */
export const DM_PREVIEW_LENGTH = 50;

/** What the list says of a last message with no text. */
export const attachmentsText = (attachments: number): string =>
  attachments === 1 ? 'Sent an attachment' : attachments > 1 ? `Sent ${attachments} attachments` : '';

/** Spec 2 §2: the total shows 99+ above 99. */
export const badgeCount = (n: number) => (n > 99 ? '99+' : String(n));
