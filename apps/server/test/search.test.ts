import { beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_TEXT, SEARCH_TOTAL_CAP } from '@hearth/protocol';
import { uniqueName, type Person } from './client.js';
import { admin, api, server, serverForFile } from './test-server.js';

let alice: Person;
let bob: Person;
let carol: Person;
let groupId: number;

serverForFile();
beforeAll(async () => {
  alice = await api.person('alice');
  bob = await api.person('bob');
  carol = await api.person('carol');
  groupId = (await api.post('/group', { name: 'Search' }, admin.token)).body.id;
});

let markers = 0;
/** A word no other test writes (letters only, so every reading of it is itself). */
const marker = () => {
  let n = ++markers;
  let word = '';
  while (n > 0) {
    word = String.fromCharCode(97 + (n % 26)) + word;
    n = Math.floor(n / 26);
  }
  return `qz${word}x`;
};
const newChannel = async (group = groupId, name = uniqueName('c')) =>
  (await api.post('/channel', { name, group_id: group }, admin.token)).body.id as number;
const post = async (who: Person, channel_id: number, content: string) => {
  const res = await api.post('/message', { channel_id, content }, who.token);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; content: string };
};
const search = (who: Person, q: string, extra = '') => api.get(`/search?q=${encodeURIComponent(q)}${extra}`, who.token);
/** The contents found, newest first. */
const found = async (who: Person, q: string) => {
  const res = await search(who, q);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.messages as { content: string }[]).map((m) => m.content);
};
async function friends(a: Person, b: Person) {
  const { body } = await api.post('/friends/request', { username: b.username }, a.token);
  await api.post(`/friends/${body.friendship_id}/accept`, undefined, b.token);
}
const dm = async (from: Person, to: Person, content: string) => {
  const res = await api.post('/dm/send', { recipient_id: to.id, content }, from.token);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; channel_id: number };
};
const sql = (text: string, values: unknown[]) => server.ctx.db.query(text, values);

describe('words and phrases', () => {
  it('finds a word in any case, newest first, in the history shape with the matched words', async () => {
    const channel = await newChannel();
    const m = marker();
    const first = await post(alice, channel, `first ${m} here`);
    await post(alice, channel, 'nothing to see');
    const second = await post(bob, channel, `Second ${m.toUpperCase()} there`);
    const res = await search(carol, m);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2);
    expect(res.body.total_capped).toBe(false);
    expect(res.body.messages.map((x: any) => x.id)).toEqual([second.id, first.id]);
    const [newest] = res.body.messages;
    expect(newest).toMatchObject({
      channel_id: channel,
      group_id: groupId,
      dm_user_id: null,
      username: bob.username,
      reactions: [],
      attachments: [],
      reply_to: null,
      highlights: [m.toUpperCase()],
    });
  });

  it('needs every word, and a quoted phrase in order', async () => {
    const channel = await newChannel();
    const m = marker();
    await post(alice, channel, `${m} quick brown fox`);
    await post(alice, channel, `${m} brown quick fox`);
    await post(alice, channel, `${m} only quick`);
    expect(await found(carol, `${m} quick brown`)).toHaveLength(2);
    expect(await found(carol, `${m} "quick brown"`)).toEqual([`${m} quick brown fox`]);
    const res = await search(carol, `${m} "quick brown"`);
    expect(res.body.messages[0].highlights).toEqual(expect.arrayContaining([m, 'quick', 'brown']));
  });

  it('finds a phrase of one word, of two across punctuation, and of three only in their order', async () => {
    const channel = await newChannel();
    const m = marker();
    await post(alice, channel, `${m} the quick, brown fox jumps`);
    await post(alice, channel, `${m} the brown quick fox`);
    await post(alice, channel, `${m} quick brown the fox`);
    expect(await found(carol, `"${m}" "brown quick"`)).toEqual([`${m} the brown quick fox`]);
    expect(await found(carol, `${m} "Quick brown"`)).toEqual([
      `${m} quick brown the fox`,
      `${m} the quick, brown fox jumps`,
    ]);
    expect(await found(carol, `${m} "the quick brown"`)).toEqual([`${m} the quick, brown fox jumps`]);
    expect(await found(carol, `${m} "brown the fox"`)).toEqual([`${m} quick brown the fox`]);
    expect(await found(carol, `${m} "quick brown" "brown fox"`)).toEqual([`${m} the quick, brown fox jumps`]);
    expect(await found(carol, `${m} "fox quick brown"`)).toEqual([]);
  });

  it('matches stems in English, Spanish and French, and marks the words as written', async () => {
    const channel = await newChannel();
    const m = marker();
    await post(alice, channel, `${m} I run every morning`);
    await post(alice, channel, `${m} una canción bonita`);
    await post(alice, channel, `${m} les chanteurs arrivent`);
    expect(await found(carol, `${m} running`)).toEqual([`${m} I run every morning`]);
    expect(await found(carol, `${m} canciones`)).toEqual([`${m} una canción bonita`]);
    expect(await found(carol, `${m} chanteur`)).toEqual([`${m} les chanteurs arrivent`]);
    const res = await search(carol, `${m} canciones`);
    expect(res.body.messages[0].highlights).toEqual(expect.arrayContaining(['canción']));
  });

  it('matches stop words and short words as written', async () => {
    const channel = await newChannel();
    const m = marker();
    await post(alice, channel, `${m} to be or not`);
    await post(alice, channel, `${m} something else`);
    expect(await found(carol, `${m} the`)).toEqual([]);
    expect(await found(carol, `${m} or`)).toEqual([`${m} to be or not`]);
  });
});

describe('filters', () => {
  it('from: and mentions: name users in any case', async () => {
    const channel = await newChannel();
    const m = marker();
    await post(alice, channel, `${m} by alice for @${bob.username}`);
    await post(bob, channel, `${m} by bob`);
    expect(await found(carol, `${m} from:${alice.username.toUpperCase()}`)).toEqual([
      `${m} by alice for @${bob.username}`,
    ]);
    expect(await found(carol, `${m} mentions:${bob.username}`)).toEqual([`${m} by alice for @${bob.username}`]);
    expect(await found(carol, `${m} from:${alice.username} from:${bob.username}`)).toHaveLength(2);
    expect(await found(carol, `${m} from:nobody_at_all`)).toEqual([]);
    // A filter alone is a search.
    expect(await found(carol, `mentions:${bob.username} from:${alice.username}`)).toEqual([
      `${m} by alice for @${bob.username}`,
    ]);
  });

  it('in: names a channel', async () => {
    const name = uniqueName('room');
    const here = await newChannel(groupId, name);
    const there = await newChannel();
    const m = marker();
    await post(alice, here, `${m} in here`);
    await post(alice, there, `${m} in there`);
    expect(await found(carol, `${m} in:${name}`)).toEqual([`${m} in here`]);
  });

  it('has: link, file, image, video and embed', async () => {
    const channel = await newChannel();
    const m = marker();
    const link = await post(alice, channel, `${m} see https://example.com/page`);
    const video = await post(alice, channel, `${m} watch https://www.youtube.com/watch?v=dQw4w9WgXcQ`);
    const plain = await post(alice, channel, `${m} plain words`);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(Buffer.from('notes'))]), 'notes.txt');
    const upload = await api.post('/upload/attachment', form, alice.token);
    expect(upload.status, JSON.stringify(upload.body)).toBeLessThan(300);
    const withFile = await api.post(
      '/message',
      { channel_id: channel, content: `${m} a file`, attachment_ids: [upload.body.attachment.id] },
      alice.token,
    );
    expect(withFile.status).toBe(201);
    await sql(`UPDATE messages SET embeds = '[{"url":"https://example.com/page"}]' WHERE id = $1`, [link.id]);
    expect(await found(carol, `${m} has:link`)).toEqual([video.content, link.content]);
    expect(await found(carol, `${m} has:file`)).toEqual([`${m} a file`]);
    expect(await found(carol, `${m} has:image`)).toEqual([]);
    expect(await found(carol, `${m} has:video`)).toEqual([video.content]);
    expect(await found(carol, `${m} has:embed`)).toEqual([video.content, link.content]);
    expect(await found(carol, `${m} has:link has:video`)).toEqual([video.content]);
    expect(await found(carol, m)).toContain(plain.content);
  });

  it('before: and after: are UTC days, each excluding the day it names', async () => {
    const channel = await newChannel();
    const m = marker();
    const days = ['2024-03-09T23:59:00Z', '2024-03-10T12:00:00Z', '2024-03-11T00:00:00Z'];
    for (const [i, at] of days.entries()) {
      const msg = await post(alice, channel, `${m} day ${i}`);
      await sql('UPDATE messages SET created_at = $2 WHERE id = $1', [msg.id, at]);
    }
    expect(await found(carol, `${m} before:2024-03-10`)).toEqual([`${m} day 0`]);
    expect(await found(carol, `${m} after:2024-03-10`)).toEqual([`${m} day 2`]);
    expect(await found(carol, `${m} after:2024-03-09 before:2024-03-11`)).toEqual([`${m} day 1`]);
  });

  it('pinned:true and pinned:false', async () => {
    const channel = await newChannel();
    const m = marker();
    const pinned = await post(alice, channel, `${m} pinned one`);
    await post(alice, channel, `${m} loose one`);
    await sql('UPDATE messages SET pinned_at = now() WHERE id = $1', [pinned.id]);
    expect(await found(carol, `${m} pinned:true`)).toEqual([`${m} pinned one`]);
    expect(await found(carol, `${m} pinned:false`)).toEqual([`${m} loose one`]);
  });
});

describe('paging and totals', () => {
  it('pages with limit and offset, newest first, with the total of every page', async () => {
    const channel = await newChannel();
    const m = marker();
    for (let i = 0; i < 7; i++) await post(alice, channel, `${m} number ${i}`);
    const first = await search(carol, m, '&limit=3');
    expect(first.body.total).toBe(7);
    expect(first.body.messages.map((x: any) => x.content)).toEqual([`${m} number 6`, `${m} number 5`, `${m} number 4`]);
    const last = await search(carol, m, '&limit=3&offset=6');
    expect(last.body.total).toBe(7);
    expect(last.body.messages.map((x: any) => x.content)).toEqual([`${m} number 0`]);
    expect((await search(carol, m)).body.messages).toHaveLength(7);
  });

  it(`counts up to ${SEARCH_TOTAL_CAP} and says so beyond`, async () => {
    const channel = await newChannel();
    const m = marker();
    await sql(
      `INSERT INTO messages (channel_id, user_id, content) SELECT $1, $2, $3 || ' ' || n FROM generate_series(1, $4) n`,
      [channel, alice.id, m, SEARCH_TOTAL_CAP + 5],
    );
    const res = await search(carol, m, '&limit=100&offset=900');
    expect(res.body).toMatchObject({ total: SEARCH_TOTAL_CAP, total_capped: true });
    expect(res.body.messages).toHaveLength(100);
  });

  it('pages a word too common to read every match of, newest first', async () => {
    const channel = await newChannel();
    const m = marker();
    // Past the number of matches read in one go: the newest are then found by walking back from the newest.
    await sql(
      `INSERT INTO messages (channel_id, user_id, content) SELECT $1, $2, $3 || ' ' || n FROM generate_series(1, $4) n`,
      [channel, alice.id, m, 5100],
    );
    const first = await search(carol, m, '&limit=3');
    expect(first.body).toMatchObject({ total: SEARCH_TOTAL_CAP, total_capped: true });
    expect(first.body.messages.map((x: any) => x.content)).toEqual([`${m} 5100`, `${m} 5099`, `${m} 5098`]);
    const deeper = await search(carol, m, '&limit=2&offset=997');
    expect(deeper.body.messages.map((x: any) => x.content)).toEqual([`${m} 4103`, `${m} 4102`]);
  });

  it('matches a phrase too common to read every match of as written, not by a stem of its words', async () => {
    const channel = await newChannel();
    const m = marker();
    await sql(
      `INSERT INTO messages (channel_id, user_id, content) SELECT $1, $2, $3 || ' run fast ' || n FROM generate_series(1, $4) n`,
      [channel, alice.id, m, 1100],
    );
    // Newest of all, and only a stem of the phrase's first word ('running' reads 'run' in English).
    await post(alice, channel, `${m} running fast`);
    const res = await search(carol, `${m} "run fast"`, '&limit=2');
    expect(res.body).toMatchObject({ total: SEARCH_TOTAL_CAP, total_capped: true });
    expect(res.body.messages.map((x: any) => x.content)).toEqual([`${m} run fast 1100`, `${m} run fast 1099`]);
  });
});

describe('only what the caller may see', () => {
  it('never counts nor returns messages of a group the caller may not view', async () => {
    const hiddenGroup = (await api.post('/group', { name: uniqueName('hidden') }, admin.token)).body.id;
    await api.put(
      `/admin/groups/${hiddenGroup}/permissions/${carol.id}`,
      { permissions: { can_view: false } },
      admin.token,
    );
    const secret = await newChannel(hiddenGroup);
    const open = await newChannel();
    const m = marker();
    await post(alice, secret, `${m} secret`);
    await post(alice, open, `${m} open`);
    const res = await search(carol, m);
    expect(res.body.total).toBe(1);
    expect(res.body.messages.map((x: any) => x.content)).toEqual([`${m} open`]);
    expect(await found(alice, m)).toHaveLength(2);
    expect(await found(admin, m)).toHaveLength(2);
  });

  it("finds one's own direct messages with the other participant, never someone else's", async () => {
    const [dave, erin] = [await api.person('dave'), await api.person('erin')];
    await friends(dave, erin);
    const m = marker();
    const sent = await dm(dave, erin, `${m} between us`);
    const res = await search(erin, m);
    expect(res.body.total).toBe(1);
    expect(res.body.messages[0]).toMatchObject({
      id: sent.id,
      channel_id: sent.channel_id,
      group_id: null,
      dm_user_id: dave.id,
      highlights: [m],
    });
    expect((await search(dave, m)).body.messages[0].dm_user_id).toBe(erin.id);
    expect((await search(carol, m)).body).toEqual({ total: 0, total_capped: false, messages: [] });
    expect((await search(admin, m)).body.total).toBe(0);
  });

  it('hides a conversation across a block, whoever blocked', async () => {
    const [frank, gina] = [await api.person('frank'), await api.person('gina')];
    await friends(frank, gina);
    const m = marker();
    await dm(frank, gina, `${m} before the block`);
    expect((await search(gina, m)).body.total).toBe(1);
    expect((await api.post(`/friends/block/${frank.id}`, undefined, gina.token)).status).toBeLessThan(300);
    expect((await search(gina, m)).body.total).toBe(0);
    expect((await search(frank, m)).body.total).toBe(0);
  });

  it('leaves out system lines and messages an admin removed', async () => {
    const channel = await newChannel();
    const m = marker();
    const removed = await post(alice, channel, `${m} rude words`);
    await post(alice, channel, `${m} kind words`);
    await sql(`INSERT INTO messages (channel_id, user_id, content, message_type) VALUES ($1, $2, $3, 'system')`, [
      channel,
      alice.id,
      `${m} joined`,
    ]);
    expect((await api.delete(`/message/${removed.id}`, admin.token)).status).toBe(200);
    expect(await found(carol, m)).toEqual([`${m} kind words`]);
  });
});

describe('refusals', () => {
  it.each([
    ['', SEARCH_TEXT.empty],
    ['   !!! ', SEARCH_TEXT.empty],
    ['word before:2024-13-01', SEARCH_TEXT.badDate('before')],
    ['word after:yesterday', SEARCH_TEXT.badDate('after')],
    ['word has:gif', SEARCH_TEXT.badHas],
    ['word pinned:maybe', SEARCH_TEXT.badPinned],
    ['word from:', SEARCH_TEXT.noValue('from')],
    ['x'.repeat(501), SEARCH_TEXT.tooLong],
  ])('answers 400 to %j', async (q, detail) => {
    const res = await search(carol, q);
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain(detail);
  });

  it('answers 400 to a limit or offset out of range, and 401 without a token', async () => {
    for (const extra of ['&limit=0', '&limit=101', '&offset=-1', '&offset=1000', '&limit=ten']) {
      const res = await search(carol, 'word', extra);
      expect(res.status, extra).toBe(400);
      expect(res.body.detail).toMatch(/limit|offset/);
    }
    expect((await api.get('/search')).status).toBe(401);
    expect((await api.get('/search', carol.token)).status).toBe(400);
  });
});
