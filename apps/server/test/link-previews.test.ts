import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_PREVIEW_TEXT, LINK_PREVIEW_TIMEOUT_MS, MEDIA_PROXY_PATH, TEXT } from '@hearth/protocol';
import { loadConfig } from '../src/config.js';
import { freePort } from '../src/net/free-port.js';
import { PreviewSite, TINY_GIF, TINY_PNG } from '../src/testing/preview-site.js';
import { LiveClient, uniqueName, type Frame, type Person } from './client.js';
import { useProcessCluster, type ClusterNode } from './support/process-cluster.js';
import { admin, api, live, server, serverForFile } from './test-server.js';

/*
 * Link previews: fetched after the send from a local site, stored with the message and told live to
 * its viewers only; the fetcher's refusals (private addresses, also behind redirects and names, slow,
 * huge and non-HTML pages), the cache, the author's removal, direct messages, and the media proxy.
 */

const sitePort = await freePort();
// Only the allowed site's `localhost:port` may be fetched although private; the same site by its IP,
// or another local port, must be refused. A short deadline keeps the slow page's test short.
serverForFile({
  config: { unfurlAllowedHosts: [`localhost:${sitePort}`], unfurlTimeoutMs: 1_500 },
  adminName: 'lp_admin',
});

let site: PreviewSite;
let otherSite: PreviewSite;
beforeAll(async () => {
  site = await PreviewSite.start(sitePort);
  otherSite = await PreviewSite.start();
});
afterAll(async () => {
  await site?.close();
  await otherSite?.close();
});

async function newChannel(): Promise<{ groupId: number; channelId: number }> {
  const group = (await api.post('/group', { name: uniqueName('g') }, admin.token)).body;
  const channel = (await api.post('/channel', { name: 'links', group_id: group.id }, admin.token)).body;
  return { groupId: group.id as number, channelId: channel.id as number };
}

const embedsOf = (messageId: number) => (f: Frame) =>
  f.type === 'message_embeds_update' && f.data.message_id === messageId;

async function send(who: Person, channelId: number, content: string): Promise<number> {
  const res = await api.post('/message', { channel_id: channelId, content }, who.token);
  expect(res.status).toBe(201);
  expect(res.body.embeds).toEqual([]);
  return res.body.id as number;
}

/** Sends and waits for the previews to be told to `viewer`. */
async function sendAndUnfurl(viewer: LiveClient, who: Person, channelId: number, content: string) {
  const id = await send(who, channelId, content);
  const frame = await viewer.waitFor(embedsOf(id));
  return { id, embeds: frame.data.embeds as { url: string; title: string; image: string | null }[] };
}

async function historyEmbeds(who: Person, channelId: number, id: number) {
  const page = (await api.get(`/message?channel_id=${channelId}`, who.token)).body as {
    id: number;
    embeds: unknown[];
  }[];
  return page.find((m) => m.id === id)!.embeds;
}

describe('previews in a channel', () => {
  let channelId: number;
  let groupId: number;
  let author: Person;
  let viewer: LiveClient;
  beforeAll(async () => {
    ({ channelId, groupId } = await newChannel());
    author = await api.person('lp_author');
    viewer = await live(await api.person('lp_viewer'));
  });

  it('fetches an OpenGraph page after the send, stores it and tells the viewers, not others', async () => {
    const outsider = await api.person('lp_out');
    await api.put(
      `/admin/groups/${groupId}/permissions/${outsider.id}`,
      { permissions: { can_view: false } },
      admin.token,
    );
    const outsiderLive = await live(outsider);
    const link = site.url('/og?n=1');
    const { id, embeds } = await sendAndUnfurl(viewer, author, channelId, `look at ${link} please`);
    expect(embeds).toEqual([
      {
        type: 'link',
        url: link,
        title: 'Preview title 1',
        description: 'What page 1 is about',
        site_name: 'Example Site',
        image: expect.stringMatching(new RegExp(`^${MEDIA_PROXY_PATH}\\?`)),
        color: '#3366cc',
      },
    ]);
    const frame = viewer.frames.find(embedsOf(id))!;
    expect(frame.data).toMatchObject({ channel_id: channelId, group_id: groupId });
    // Stored with the message: history carries it.
    expect(await historyEmbeds(author, channelId, id)).toEqual(embeds);
    // The outsider, who cannot view the group, hears nothing of it (a later message of theirs marks the time).
    const { channelId: theirs } = await newChannel();
    const marker = await sendAndUnfurl(outsiderLive, outsider, theirs, site.url('/og?n=marker'));
    expect(marker.embeds).toHaveLength(1);
    expect(outsiderLive.frames.filter(embedsOf(id))).toEqual([]);
    // The picture comes through the proxy, never from the site to the reader.
    const image = await fetch(`${server.url}${embeds[0]!.image}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await image.arrayBuffer())).toEqual(TINY_PNG);
  });

  it('previews no link written in <…>', async () => {
    const hidden = site.url('/og?n=hidden');
    const shown = site.url('/og?n=shown');
    const quiet = await send(author, channelId, `<${hidden}>`);
    const { embeds } = await sendAndUnfurl(viewer, author, channelId, `${shown} but not <${hidden}>`);
    expect(embeds.map((e) => e.url)).toEqual([shown]);
    expect(site.count('/og?n=hidden')).toBe(0);
    expect(viewer.frames.filter(embedsOf(quiet))).toEqual([]);
    expect(await historyEmbeds(author, channelId, quiet)).toEqual([]);
  });

  it('previews at most 3 links, in the order written', async () => {
    const links = ['a', 'b', 'c', 'd'].map((n) => site.url(`/og?n=${n}`));
    const { embeds } = await sendAndUnfurl(viewer, author, channelId, links.join(' '));
    expect(embeds.map((e) => e.title)).toEqual(['Preview title a', 'Preview title b', 'Preview title c']);
    expect(site.count('/og?n=d')).toBe(0);
  });

  it('follows a redirect, but never to a private address (the target is never asked)', async () => {
    const { embeds } = await sendAndUnfurl(
      viewer,
      author,
      channelId,
      `${site.url('/redirect-private')} ${site.url('/redirect-og')}`,
    );
    expect(embeds.map((e) => e.title)).toEqual(['Preview title redirected']);
    expect(site.count('/redirect-private')).toBe(1);
    expect(site.count('/private')).toBe(0);
  });

  it('refuses a private address by IP or by name unless its host:port is allowed', async () => {
    const byIp = site.url('/og?n=by-ip', '127.0.0.1');
    const otherPort = otherSite.url('/og?n=other');
    const decimal = `http://2130706433:${sitePort}/og?n=decimal`;
    const { embeds } = await sendAndUnfurl(
      viewer,
      author,
      channelId,
      `${byIp} ${otherPort} ${site.url('/og?n=allowed')}`,
    );
    expect(embeds.map((e) => e.title)).toEqual(['Preview title allowed']);
    const again = await sendAndUnfurl(viewer, author, channelId, `${decimal} ${site.url('/og?n=allowed2')}`);
    expect(again.embeds.map((e) => e.title)).toEqual(['Preview title allowed2']);
    expect(site.count('/og?n=by-ip')).toBe(0);
    expect(site.count('/og?n=decimal')).toBe(0);
    expect(otherSite.count('/og?n=other')).toBe(0);
  });

  it('gives up a slow page at the deadline (5 s by default), a non-HTML file, and caps a huge page', async () => {
    expect(loadConfig({}).unfurlTimeoutMs).toBe(LINK_PREVIEW_TIMEOUT_MS);
    expect(LINK_PREVIEW_TIMEOUT_MS).toBe(5_000);
    const started = Date.now();
    const { embeds } = await sendAndUnfurl(
      viewer,
      author,
      channelId,
      `${site.url('/slow')} ${site.url('/file.pdf')} ${site.url('/huge')}`,
    );
    // The endless page's head is read, and the rest of it is never downloaded.
    expect(embeds.map((e) => e.title)).toEqual(['Preview title huge']);
    expect(Date.now() - started).toBeLessThan(4_000);
    await expect.poll(() => site.hugeAborted).toBe(true);
    expect(site.count('/slow')).toBe(1);
    expect(site.count('/file.pdf')).toBe(1);
  });

  it('reuses a page fetched within the hour', async () => {
    const link = site.url('/og?n=cached');
    await sendAndUnfurl(viewer, author, channelId, link);
    const second = await sendAndUnfurl(viewer, author, channelId, `again ${link}`);
    expect(second.embeds.map((e) => e.title)).toEqual(['Preview title cached']);
    expect(site.count('/og?n=cached')).toBe(1);
  });

  it('shows a GIF of another site through the proxy, told as a GIF', async () => {
    const gif = site.url('/anim.gif');
    // The GIF service's GIFs the client shows from the service itself: no embed for them.
    const service = 'https://media.giphy.com/media/abc/giphy.gif';
    const { embeds } = await sendAndUnfurl(viewer, author, channelId, `${service} ${gif}`);
    expect(embeds).toEqual([expect.objectContaining({ type: 'gif', url: gif, image: expect.any(String) })]);
    const res = await fetch(`${server.url}${embeds[0]!.image}`);
    expect(res.headers.get('content-type')).toBe('image/gif');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(TINY_GIF);
  });

  it('fetches again for an edit that changes the links', async () => {
    const { id } = await sendAndUnfurl(viewer, author, channelId, site.url('/og?n=before'));
    await api.put(`/message/${id}`, { content: `now ${site.url('/og?n=after')}` }, author.token);
    await expect
      .poll(() => viewer.frames.filter(embedsOf(id)).at(-1)?.data.embeds[0]?.title)
      .toBe('Preview title after');
  });

  it('lets the author remove the previews, for everyone, and nobody else', async () => {
    const other = await api.person('lp_other');
    const outsider = await api.person('lp_out2');
    await api.put(
      `/admin/groups/${groupId}/permissions/${outsider.id}`,
      { permissions: { can_view: false } },
      admin.token,
    );
    const { id } = await sendAndUnfurl(viewer, author, channelId, site.url('/og?n=remove'));
    const byOther = await api.delete(`/message/${id}/embeds`, other.token);
    expect(byOther.status).toBe(403);
    expect(byOther.body).toEqual({ detail: LINK_PREVIEW_TEXT.removeNotAuthor });
    const byOutsider = await api.delete(`/message/${id}/embeds`, outsider.token);
    expect(byOutsider.status).toBe(404);
    expect(byOutsider.body).toEqual({ detail: TEXT.messageNotFound });
    expect(await historyEmbeds(author, channelId, id)).toHaveLength(1);

    const removed = await api.delete(`/message/${id}/embeds`, author.token);
    expect(removed.status).toBe(200);
    await expect.poll(() => viewer.frames.filter(embedsOf(id)).at(-1)?.data.embeds).toEqual([]);
    expect(await historyEmbeds(author, channelId, id)).toEqual([]);
    // An edit with another link does not bring them back.
    await api.put(`/message/${id}`, { content: site.url('/og?n=after-removal') }, author.token);
    await sendAndUnfurl(viewer, author, channelId, site.url('/og?n=later'));
    expect(await historyEmbeds(author, channelId, id)).toEqual([]);
  });
});

describe('previews of a message an admin removes', () => {
  it('go with its content', async () => {
    const { channelId } = await newChannel();
    const author = await api.person('lp_removed');
    const viewer = await live(await api.person('lp_removed_v'));
    const { id } = await sendAndUnfurl(viewer, author, channelId, site.url('/og?n=admin-removed'));
    expect((await api.delete(`/message/${id}`, admin.token)).body.message.embeds).toEqual([]);
    expect(await historyEmbeds(author, channelId, id)).toEqual([]);
  });
});

describe('previews in a direct message', () => {
  it('reaches both participants; only the author removes them', async () => {
    const a = await api.person('lp_dma');
    const b = await api.person('lp_dmb');
    const stranger = await api.person('lp_dmc');
    const { body } = await api.post('/friends/request', { username: b.username }, a.token);
    await api.post(`/friends/${body.friendship_id}/accept`, undefined, b.token);
    const [liveA, liveB] = [await live(a), await live(b)];
    const sent = await api.post('/dm/send', { recipient_id: b.id, content: site.url('/og?n=dm') }, a.token);
    const id = sent.body.id as number;
    const frame = await liveB.waitFor(embedsOf(id));
    expect(frame.data).toMatchObject({ channel_id: sent.body.channel_id, group_id: null });
    expect(frame.data.embeds[0].title).toBe('Preview title dm');
    await liveA.waitFor(embedsOf(id));

    expect((await api.delete(`/dm/embeds/${id}`, stranger.token)).status).toBe(404);
    expect((await api.delete(`/dm/embeds/${id}`, b.token)).status).toBe(403);
    expect((await api.delete(`/dm/embeds/${id}`, a.token)).status).toBe(200);
    await expect.poll(() => liveB.frames.filter(embedsOf(id)).at(-1)?.data.embeds).toEqual([]);
  });
});

describe('the media proxy', () => {
  const proxied = (url: string, now?: number) => `${server.url}${server.ctx.previews.media.url(url, now)}`;

  it('answers only signed, unexpired addresses', async () => {
    const image = site.url('/image.png');
    const good = new URL(proxied(image));
    expect((await fetch(good)).status).toBe(200);

    const unsigned = new URL(good);
    unsigned.searchParams.delete('signature');
    expect((await fetch(unsigned)).status).toBe(400);

    const otherUrl = new URL(good);
    otherUrl.searchParams.set('url', site.url('/image.png?x=1'));
    const forged = await fetch(otherUrl);
    expect(forged.status).toBe(403);
    expect(await forged.json()).toEqual({ detail: LINK_PREVIEW_TEXT.mediaLinkInvalid });

    const ttlMs = server.ctx.previews.media.ttlSec * 1000;
    expect((await fetch(proxied(image, Date.now() - ttlMs - 2 * 3_600_000))).status).toBe(403);
    expect(site.count('/image.png?x=1')).toBe(0);
  });

  it('refuses bytes that are no image whatever their type says, and images over 10 MB', async () => {
    const fake = await fetch(proxied(site.url('/fake.png')));
    expect(fake.status).toBe(502);
    expect(fake.headers.get('content-type')).toMatch(/^application\/json/);
    expect((await fetch(proxied(site.url('/big.png')))).status).toBe(502);
  });

  it('never fetches a private address, even signed', async () => {
    const res = await fetch(proxied(site.url('/image.png?n=private', '127.0.0.1')));
    expect(res.status).toBe(502);
    expect(site.count('/image.png?n=private')).toBe(0);
  });
});

describe('previews across two nodes sharing Redis', () => {
  const cluster = useProcessCluster({ UNFURL_ALLOWED_HOSTS: `localhost:${sitePort}` });
  let node1: ClusterNode;
  let node2: ClusterNode;
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    [node1, node2] = await (await cluster.start()).startNodes('node 1', 'node 2');
  }, 120_000);
  afterAll(() => {
    for (const c of clients) c.socket.terminate();
  });

  it('reach a viewer on the other node through the bus', async () => {
    const first = await node1.api.person('lp_admin'); // the first account: the admin
    const channels = (await node1.api.get('/channel/', first.token)).body as { id: number; name: string }[];
    const general = channels.find((c) => c.name === 'general')!;
    const author = await node1.api.person('lp_c_author');
    const viewer = await LiveClient.authed(node2.url, (await node2.api.person('lp_c_viewer')).token);
    clients.push(viewer);
    const sent = await node1.api.post(
      '/message',
      { channel_id: general.id, content: site.url('/og?n=cluster') },
      author.token,
    );
    const frame = await viewer.waitFor(embedsOf(sent.body.id as number), 10_000);
    expect(frame.data.embeds[0].title).toBe('Preview title cluster');
  });
});
