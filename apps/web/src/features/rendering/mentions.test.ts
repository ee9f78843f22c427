import { describe, expect, it } from 'vitest';
import { mentionsReader, type MentionSource } from './mentions';

const reader = { id: 7, username: 'alice' };
const message = (content: string, extra: Partial<MentionSource> = {}): MentionSource => ({
  content,
  mentioned_users: [],
  mentions_everyone: false,
  role: 'USER',
  ...extra,
});

describe('mentionsReader', () => {
  it('finds the reader’s @name in the text, in any case, in formatting but not in code', () => {
    expect(mentionsReader(message('hi @alice'), reader)).toBe(true);
    expect(mentionsReader(message('**@ALICE** look'), reader)).toBe(true);
    expect(mentionsReader(message('hi @alicex and alice@example.com'), reader)).toBe(false);
    expect(mentionsReader(message('`@alice`'), reader)).toBe(false);
    expect(mentionsReader(message('hi @alice'), null)).toBe(false);
  });

  it('counts @everyone from an admin', () => {
    expect(mentionsReader(message('@everyone meeting', { role: 'ADMIN' }), reader)).toBe(true);
    expect(mentionsReader(message('@everyone meeting', { role: 'USER' }), reader)).toBe(false);
  });

  it('follows the server’s parse when it names the reader or everyone', () => {
    expect(
      mentionsReader(message('no text mention', { mentioned_users: [{ id: 7, username: 'alice' }] }), reader),
    ).toBe(true);
    expect(mentionsReader(message('no text mention', { mentions_everyone: true }), reader)).toBe(true);
    expect(mentionsReader(message('no text mention', { mentioned_users: [{ id: 8, username: 'bob' }] }), reader)).toBe(
      false,
    );
  });
});
