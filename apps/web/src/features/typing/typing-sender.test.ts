import { describe, expect, it } from 'vitest';
import { TYPING_SEND_INTERVAL_MS } from '@hearth/protocol/constants';
import { conversationIdOf } from '@hearth/protocol/conversation-id';
import { TypingSender, type TypingPlace } from './typing-sender';

function sender(place: TypingPlace = { channel_id: 5 }) {
  let now = 1_000_000;
  let connected = true;
  const sent: Record<string, unknown>[] = [];
  const s = new TypingSender(
    place,
    (frame) => {
      if (connected) sent.push(frame);
      return connected;
    },
    1,
    () => now,
  );
  return { s, sent, later: (ms: number) => (now += ms), connect: (on: boolean) => (connected = on) };
}

describe('TypingSender', () => {
  it('says typing_start at most once per 8 s while the text changes', () => {
    const { s, sent, later } = sender();
    s.textChanged('h');
    s.textChanged('he');
    later(TYPING_SEND_INTERVAL_MS - 1);
    s.textChanged('hel');
    expect(sent).toEqual([{ type: 'typing_start', channel_id: 5 }]);
    later(1);
    s.textChanged('hell');
    expect(sent).toHaveLength(2);
  });

  it('says nothing for an empty box or a slash command', () => {
    const { s, sent } = sender();
    s.textChanged('');
    s.textChanged('   ');
    s.textChanged('/shrug');
    s.textChanged(' /guardian announce hi');
    expect(sent).toEqual([]);
  });

  it('names the other person in a direct message', () => {
    const { s, sent } = sender({ dm_user_id: 9 });
    s.textChanged('hi');
    expect(sent).toEqual([{ type: 'typing_start', dm_user_id: 9 }]);
  });

  it('tries again at the next change when it could not send', () => {
    const { s, sent, connect } = sender();
    connect(false);
    s.textChanged('h');
    expect(sent).toEqual([]);
    connect(true);
    s.textChanged('he');
    expect(sent).toEqual([{ type: 'typing_start', channel_id: 5 }]);
  });

  it("starts the 8 s again once the user's own message there arrives", () => {
    const { s, sent, later } = sender();
    s.textChanged('first');
    later(1_000);
    // Someone else's message, or one of ours elsewhere, changes nothing.
    s.onSignal({ kind: 'frame', frame: { type: 'message', seq: 3, data: { channel_id: 5, user_id: 2 } } });
    s.onSignal({ kind: 'frame', frame: { type: 'message', seq: 4, data: { channel_id: 6, user_id: 1 } } });
    s.textChanged('second');
    expect(sent).toHaveLength(1);
    s.onSignal({ kind: 'frame', frame: { type: 'message', seq: 5, data: { channel_id: 5, user_id: 1 } } });
    s.textChanged('s');
    expect(sent).toHaveLength(2);
  });

  it('in a direct message, only for our message in that conversation', () => {
    const { s, sent } = sender({ dm_user_id: 9 });
    s.textChanged('a');
    const elsewhere = conversationIdOf(1, 10);
    s.onSignal({
      kind: 'frame',
      frame: { type: 'direct_message', seq: 2, data: { channel_id: elsewhere, user_id: 1 } },
    });
    s.textChanged('ab');
    expect(sent).toHaveLength(1);
    const here = conversationIdOf(1, 9);
    s.onSignal({ kind: 'frame', frame: { type: 'direct_message', seq: 3, data: { channel_id: here, user_id: 1 } } });
    s.textChanged('c');
    expect(sent).toHaveLength(2);
  });
});
