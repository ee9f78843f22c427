import { useEffect } from 'react';
import type { OwnPresence, UserPresence } from '@hearth/protocol';
import { PRESENCE_HEARTBEAT_MS } from '@hearth/protocol/constants';
import { useServices } from '../../app/services';
import { useSession } from '../../app/session';
import { useLiveEvent } from '../live/useLiveEvent';

/** How often the automatic away is checked. */
const TICK_MS = 15_000;
/** Activity is noted at most this often (mouse moves fire many times a second). */
const ACTIVITY_SAMPLE_MS = 1_000;
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart'] as const;

/**
 * Feeds the presence store and the user's own presence (spec 2 §4), mounted once in the shell: the
 * list of everyone visible on start and after every reconnect, `presence_update` events, heartbeats
 * every 60 s while the page is visible, and the automatic away from activity and visibility.
 */
export function usePresenceFeed(): void {
  const { http, live, presence, presenceAgent } = useServices();
  const me = useSession()?.user.id ?? null;

  useEffect(() => {
    if (me === null) return;
    let cancelled = false;
    const load = async () => {
      try {
        const [all, own] = await Promise.all([
          http.get<UserPresence[]>('/user/presence/all'),
          http.get<OwnPresence>('/user/presence'),
        ]);
        if (cancelled) return;
        presence.reset(all);
        presenceAgent.set(own);
      } catch {
        // 'Failed to load presence' is silent in the spec's sense: dots stay as they were.
      }
    };
    void load();
    // After a reconnect the events missed may be gone: the whole list again. Every new session and
    // every resume passes through 'open', so a new session's resync needs no load of its own.
    const unsubscribe = live.subscribe((signal) => {
      if (signal.kind === 'state' && signal.state === 'open') void load();
    });
    return () => {
      cancelled = true;
      unsubscribe();
    };
  }, [http, live, presence, presenceAgent, me]);

  useLiveEvent<(UserPresence & Partial<OwnPresence>) | { presences: UserPresence[] }>(
    ['presence_update'],
    (_type, update) => {
      // Group-sharers' changes come gathered; one's own entry there is what others see, known better already.
      if ('presences' in update) {
        for (const p of update.presences) if (p.user_id !== me) presence.apply(p);
      } else if (update.user_id === me && update.is_invisible !== undefined) presenceAgent.set(update as OwnPresence);
      else presence.apply(update);
    },
  );

  useEffect(() => {
    if (me === null) return;
    let lastNoted = 0;
    const onActivity = () => {
      const now = Date.now();
      if (now - lastNoted < ACTIVITY_SAMPLE_MS) return;
      lastNoted = now;
      presenceAgent.activity();
    };
    const onVisibility = () => presenceAgent.visibilityChanged();
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, { passive: true });
    document.addEventListener('visibilitychange', onVisibility);
    const tick = setInterval(() => presenceAgent.tick(), TICK_MS);
    const heartbeat = setInterval(() => {
      if (document.visibilityState === 'visible') void http.post('/user/presence/heartbeat').catch(() => undefined);
    }, PRESENCE_HEARTBEAT_MS);
    return () => {
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity);
      document.removeEventListener('visibilitychange', onVisibility);
      clearInterval(tick);
      clearInterval(heartbeat);
    };
  }, [http, presenceAgent, me]);
}
