/** How close together an announcement and its Guardian direct message arrive, at most, to count as one. */
export const ANNOUNCEMENT_ECHO_MS = 10_000;

interface Seen {
  /** The announcement's content, or the direct message's whole text. */
  text: string;
  at: number;
  /** The direct message's popup. */
  popupId?: number;
}

/**
 * A Guardian announcement from the admin panel reaches an online user twice: as the
 * `guardian_announcement` popup and as the Guardian direct message it also sends (title in bold, then
 * the content). The announcement's popup is the one shown; the message's would only repeat it. The
 * two may arrive in either order.
 */
export class AnnouncementEcho {
  private announcements: Seen[] = [];
  private messages: Seen[] = [];

  /** An announcement arrived: the ids of Guardian message popups it makes redundant, to close. */
  announced(content: string, now: number): number[] {
    this.forget(now);
    this.announcements.push({ text: content.trim(), at: now });
    const echoes = this.messages.filter((m) => m.text.includes(content.trim()));
    this.messages = this.messages.filter((m) => !echoes.includes(m));
    return echoes.flatMap((m) => (m.popupId === undefined ? [] : [m.popupId]));
  }

  /** Whether a Guardian direct message arriving now repeats an announcement just shown. */
  isEcho(text: string, now: number): boolean {
    this.forget(now);
    return this.announcements.some((a) => text.includes(a.text));
  }

  /** A Guardian direct message's popup, which an announcement arriving just after closes. */
  messageShown(text: string, popupId: number, now: number): void {
    this.forget(now);
    this.messages.push({ text, at: now, popupId });
  }

  private forget(now: number) {
    const fresh = (s: Seen) => now - s.at <= ANNOUNCEMENT_ECHO_MS;
    this.announcements = this.announcements.filter(fresh);
    this.messages = this.messages.filter(fresh);
  }
}
