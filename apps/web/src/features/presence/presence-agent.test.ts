import { describe, expect, it, vi } from 'vitest';
import type { OwnPresence, PresenceUpdateBody } from '@hearth/protocol';
import { PresenceAgent } from './presence-agent';

const own = (patch: Partial<OwnPresence> = {}): OwnPresence => ({
  user_id: 1,
  presence_status: 'online',
  is_online: true,
  last_seen: null,
  is_invisible: false,
  presence_manually_set: false,
  ...patch,
});

function setup(start: Partial<OwnPresence> = {}) {
  let now = 0;
  let visible = true;
  const sent: PresenceUpdateBody[] = [];
  const agent = new PresenceAgent(
    {
      now: () => now,
      visible: () => visible,
      put: vi.fn((body: PresenceUpdateBody) => {
        sent.push(body);
        return Promise.resolve(
          own({
            presence_status: body.status,
            // As the server does: a manual plain Online hands the status back to the automatic rules.
            presence_manually_set: (body.is_manual ?? false) && !(body.status === 'online' && !body.is_invisible),
            is_invisible: body.is_invisible ?? false,
          }),
        );
      }),
    },
    () => undefined,
  );
  agent.set(own(start));
  return {
    agent,
    sent,
    advance: (ms: number) => (now += ms),
    hide: () => {
      visible = false;
      agent.visibilityChanged();
    },
    show: () => {
      visible = true;
      agent.visibilityChanged();
    },
  };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('automatic presence', () => {
  it('goes away after five idle minutes and back online on activity', async () => {
    const t = setup();
    t.advance(4 * 60_000);
    t.agent.tick();
    expect(t.sent).toEqual([]);
    t.advance(60_000);
    t.agent.tick();
    await flush();
    expect(t.sent).toEqual([{ status: 'away', is_manual: false }]);
    t.advance(3_000);
    t.agent.activity();
    await flush();
    expect(t.sent.at(-1)).toEqual({ status: 'online', is_manual: false });
  });

  it('goes away after five minutes hidden, even with recent activity before', async () => {
    const t = setup();
    t.hide();
    t.advance(5 * 60_000);
    t.agent.tick();
    await flush();
    expect(t.sent).toEqual([{ status: 'away', is_manual: false }]);
  });

  it('never overrides a status the user chose, nor shows an invisible user', async () => {
    for (const start of [{ presence_status: 'busy' as const, presence_manually_set: true }, { is_invisible: true }]) {
      const t = setup(start);
      t.advance(10 * 60_000);
      t.agent.tick();
      t.agent.activity();
      await flush();
      expect(t.sent).toEqual([]);
    }
  });

  it('sends automatic changes at most once per 2 s', async () => {
    const t = setup({ presence_status: 'away' });
    t.agent.activity();
    await flush();
    t.agent.set(own({ presence_status: 'away' }));
    t.advance(1_000);
    t.agent.activity();
    await flush();
    expect(t.sent).toHaveLength(1);
    t.advance(1_500);
    t.agent.activity();
    await flush();
    expect(t.sent).toHaveLength(2);
  });

  it('sends a choice as manual; after choosing Online the automatic away works again', async () => {
    const t = setup();
    await t.agent.choose('busy', false);
    expect(t.sent.at(-1)).toEqual({ status: 'busy', is_invisible: false, is_manual: true });
    t.advance(10 * 60_000);
    t.agent.tick();
    await flush();
    expect(t.sent).toHaveLength(1);
    await t.agent.choose('online', false);
    expect(t.sent.at(-1)).toEqual({ status: 'online', is_invisible: false, is_manual: true });
    t.advance(10 * 60_000);
    t.agent.tick();
    await flush();
    expect(t.sent.at(-1)).toEqual({ status: 'away', is_manual: false });
  });
});
