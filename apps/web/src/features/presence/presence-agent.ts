import type { OwnPresence, PresenceStatus, PresenceUpdateBody } from '@hearth/protocol';
import { PRESENCE_AUTO_THROTTLE_MS, PRESENCE_AWAY_AFTER_MS } from '@hearth/protocol/constants';

export interface AgentDeps {
  now(): number;
  /** PUT /user/presence; answers the user's presence after the change. */
  put(body: PresenceUpdateBody): Promise<OwnPresence>;
  visible(): boolean;
}

/**
 * The automatic part of the user's own presence (spec 2 §4), as plain rules so they are testable
 * without a browser: five minutes without activity, or five minutes hidden, turn online into away;
 * activity while automatically away turns it back to online. A status the user chose (manual) is
 * never changed automatically. Automatic changes are sent at most once per 2 s.
 */
export class PresenceAgent {
  private own: OwnPresence | null = null;
  private lastActivity: number;
  private hiddenSince: number | null = null;
  private lastAutoSend = -Infinity;
  private sending = false;

  constructor(
    private deps: AgentDeps,
    private onChange: (own: OwnPresence) => void,
  ) {
    this.lastActivity = deps.now();
  }

  get current(): OwnPresence | null {
    return this.own;
  }

  /** What the server says the user's presence is (start-up, or a presence_update for oneself). */
  set(own: OwnPresence): void {
    this.own = own;
    this.onChange(own);
  }

  activity(): void {
    this.lastActivity = this.deps.now();
    const own = this.own;
    if (own && own.presence_status === 'away' && !own.presence_manually_set && !own.is_invisible)
      void this.auto('online');
  }

  visibilityChanged(): void {
    if (this.deps.visible()) {
      this.hiddenSince = null;
      this.activity();
    } else this.hiddenSince = this.deps.now();
  }

  /** Called every few seconds: goes away when idle or hidden long enough. */
  tick(): void {
    const own = this.own;
    if (!own || own.presence_manually_set || own.is_invisible || own.presence_status !== 'online') return;
    const now = this.deps.now();
    const idle = now - this.lastActivity >= PRESENCE_AWAY_AFTER_MS;
    const hiddenLong = this.hiddenSince !== null && now - this.hiddenSince >= PRESENCE_AWAY_AFTER_MS;
    if (idle || hiddenLong) void this.auto('away');
  }

  /** The user's own choice in the status menu: kept until they change it (plain Online hands back to the automatic rules). */
  async choose(status: PresenceStatus, invisible: boolean): Promise<void> {
    this.set(await this.deps.put({ status, is_invisible: invisible, is_manual: true }));
  }

  private async auto(status: PresenceStatus): Promise<void> {
    const now = this.deps.now();
    if (this.sending || now - this.lastAutoSend < PRESENCE_AUTO_THROTTLE_MS) return;
    this.sending = true;
    this.lastAutoSend = now;
    try {
      this.set(await this.deps.put({ status, is_manual: false }));
    } catch {
      // Silent (spec 2 §8): the next activity or tick tries again.
    } finally {
      this.sending = false;
    }
  }
}
