import { describe, expect, it } from 'vitest';
import { MESSAGE_REMOVED_BY_ADMIN } from '@hearth/protocol/constants';
import { makeMessage } from '../messages/test-messages';
import { followOriginals, replyToOf } from './reply-previews';

const original = makeMessage(1, { user_id: 8, username: 'bob', content: 'first' });
const reply = makeMessage(2, { reply_to: replyToOf(original) });
const other = makeMessage(3);

describe('followOriginals', () => {
  it("shows an original's edit, cut to 100 characters as the server cuts it", () => {
    const long = '😀'.repeat(120);
    const next = followOriginals([original, reply, other], 'message_updated', { ...original, content: long });
    expect(next[1]!.reply_to).toMatchObject({ id: 1, username: 'bob', content: '😀'.repeat(100), deleted: false });
    expect(next[2]).toBe(other);
  });

  it("shows an admin's removal notice", () => {
    const removed = { ...original, content: MESSAGE_REMOVED_BY_ADMIN };
    const next = followOriginals([reply], 'message_admin_delete', removed);
    expect(next[0]!.reply_to?.content).toBe(MESSAGE_REMOVED_BY_ADMIN);
  });

  it('marks the replies of a deleted original', () => {
    const next = followOriginals([original, reply], 'message_delete', { id: 1 });
    expect(next[1]!.reply_to).toEqual({
      id: 1,
      user_id: null,
      username: null,
      content: '',
      has_attachments: false,
      deleted: true,
    });
  });

  it('changes nothing when no reply answers the message', () => {
    const messages = [original, reply];
    expect(followOriginals(messages, 'message_delete', { id: 3 })).toBe(messages);
    expect(followOriginals(messages, 'message', makeMessage(4))).toBe(messages);
  });
});
