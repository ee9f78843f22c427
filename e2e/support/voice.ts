import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test';
import type { Account, Api } from './api.js';
import { channelSidebar, openChannel } from './chat.js';
import type { PageOptions } from './fixtures.js';

declare global {
  interface Window {
    /** Every RTCPeerConnection the page made, in order (installPeerTracking). */
    __peers?: RTCPeerConnection[];
    /** For each of them, what happened to it, with the milliseconds since it was made (for failure messages). */
    __peerEvents?: string[][];
  }
}

/**
 * signedInPage options for someone who joins voice: the microphone (Chromium's fake device, see the
 * configuration) is allowed, and the page's peer connections are kept for inboundAudio.
 */
export const VOICE_PAGE: PageOptions = { permissions: ['microphone'], setUp: installPeerTracking };

/**
 * Signs in with a microphone and the peer tracking, and opens the default group, whose sidebar lists
 * the voice channels. `voiceSettings` are stored before the app first reads them.
 */
export async function voicePage(
  signedInPage: (user: Account, options?: PageOptions) => Promise<Page>,
  user: Account,
  voiceSettings?: Record<string, unknown>,
): Promise<Page> {
  const page = await signedInPage(user, {
    ...VOICE_PAGE,
    setUp: async (context) => {
      await installPeerTracking(context);
      if (!voiceSettings) return;
      await context.addInitScript((stored) => {
        if (!localStorage.getItem('voiceSettings')) localStorage.setItem('voiceSettings', stored);
      }, JSON.stringify(voiceSettings));
    },
  });
  await openChannel(page, 'Hearth', 'general');
  return page;
}

/**
 * Keeps every RTCPeerConnection the pages of a context create in `window.__peers`, so a test can
 * read their statistics: the client has no test hook, a subclass takes the constructor's place
 * before any of the page's own scripts run. What happens to each (signaling, ICE gathering, its
 * candidates and candidate errors) is noted in `window.__peerEvents` for failure messages.
 */
export async function installPeerTracking(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const Native = window.RTCPeerConnection;
    const peers: RTCPeerConnection[] = [];
    const events: string[][] = [];
    window.__peers = peers;
    window.__peerEvents = events;
    class TrackedPeerConnection extends Native {
      constructor(configuration?: RTCConfiguration) {
        super(configuration);
        const log: string[] = [];
        peers.push(this);
        events.push(log);
        const start = performance.now();
        const note = (what: string) => log.push(`+${Math.round(performance.now() - start)}ms ${what}`);
        this.addEventListener('signalingstatechange', () => note(`signaling ${this.signalingState}`));
        this.addEventListener('icegatheringstatechange', () => note(`gathering ${this.iceGatheringState}`));
        this.addEventListener('iceconnectionstatechange', () => note(`ICE ${this.iceConnectionState}`));
        this.addEventListener('icecandidate', (e) => note(`candidate ${e.candidate ? e.candidate.type : 'end'}`));
        this.addEventListener('icecandidateerror', (e) =>
          note(`candidate error ${e.errorCode} ${e.errorText} ${e.url}`),
        );
      }
    }
    window.RTCPeerConnection = TrackedPeerConnection;
  });
}

/** What one open peer connection receives (its inbound audio streams summed). */
export interface PeerAudio {
  /** Its place in window.__peers: stable, connections are only ever added. */
  index: number;
  state: RTCPeerConnectionState;
  bytes: number;
  /** The latest audio level, 0..1. */
  level: number;
  /** totalAudioEnergy: grows while what is received is not silence. */
  energy: number;
  /** This end's candidate type of the selected candidate pair ('relay' through TURN), null before one is selected. */
  candidateType: string | null;
}

export interface InboundAudio {
  /** bytesReceived over every open peer connection's inbound audio. */
  bytes: number;
  /** The highest audio level of them. */
  level: number;
  energy: number;
  /** How many open peer connections receive audio. */
  peers: number;
  perPeer: PeerAudio[];
}

/** Reads the statistics of the page's open peer connections that receive audio. */
export async function inboundAudio(page: Page): Promise<InboundAudio> {
  const perPeer = await page.evaluate(async () => {
    interface Stats {
      type: string;
      kind?: string;
      bytesReceived?: number;
      audioLevel?: number;
      totalAudioEnergy?: number;
      selectedCandidatePairId?: string;
      localCandidateId?: string;
      candidateType?: string;
    }
    const found: PeerAudio[] = [];
    for (const [index, pc] of (window.__peers ?? []).entries()) {
      if (pc.connectionState === 'closed' || pc.signalingState === 'closed') continue;
      const stats = new Map<string, Stats>();
      try {
        (await pc.getStats()).forEach((report: Stats, id: string) => stats.set(id, report));
      } catch {
        continue; // closed meanwhile
      }
      const peer: PeerAudio = { index, state: pc.connectionState, bytes: 0, level: 0, energy: 0, candidateType: null };
      let receives = false;
      for (const report of stats.values()) {
        if (report.type === 'inbound-rtp' && report.kind === 'audio') {
          receives = true;
          peer.bytes += report.bytesReceived ?? 0;
          peer.energy += report.totalAudioEnergy ?? 0;
          peer.level = Math.max(peer.level, report.audioLevel ?? 0);
        } else if (report.type === 'transport' && report.selectedCandidatePairId) {
          const pair = stats.get(report.selectedCandidatePairId);
          const local = pair?.localCandidateId ? stats.get(pair.localCandidateId) : undefined;
          peer.candidateType = local?.candidateType ?? null;
        }
      }
      if (receives) found.push(peer);
    }
    return found;
  });
  return {
    bytes: perPeer.reduce((sum, p) => sum + p.bytes, 0),
    level: Math.max(0, ...perPeer.map((p) => p.level)),
    energy: perPeer.reduce((sum, p) => sum + p.energy, 0),
    peers: perPeer.length,
    perPeer,
  };
}

/**
 * Between two samples a second apart, an unmuted fake microphone adds about 0.4 to the energy (its
 * beep); a muted one adds nothing once the last packets before the mute have played (about 1e-4).
 */
const AUDIBLE_ENERGY = 1e-3;
const SILENT_ENERGY = 1e-5;
const SILENT_LEVEL = 1e-3;
/** How many windows of a second in a row must be silent: a short stall of a loaded machine is not a mute. */
const SILENT_WINDOWS = 3;
const SAMPLE_MS = 1_000;

interface PeerWindow {
  peer: PeerAudio;
  bytesGained: number;
  energyGained: number;
}

/** Each open peer connection of now that was already open before, with what it gained since. */
function windows(before: InboundAudio, now: InboundAudio): PeerWindow[] {
  return now.perPeer.flatMap((peer) => {
    const earlier = before.perPeer.find((p) => p.index === peer.index);
    return earlier
      ? [{ peer, bytesGained: peer.bytes - earlier.bytes, energyGained: peer.energy - earlier.energy }]
      : [];
  });
}

const heard = (w: PeerWindow) => w.bytesGained > 0 && w.energyGained > AUDIBLE_ENERGY && w.peer.level > 0;
const silent = (w: PeerWindow) => w.energyGained < SILENT_ENERGY && w.peer.level < SILENT_LEVEL;

/**
 * Polls until at least `minPeers` of the page's peer connections receive audio that is not silence:
 * between two samples their bytes grew and their energy too, and the level is above 0.
 */
export async function expectAudioFlowing(page: Page, minPeers: number, timeout = 60_000): Promise<void> {
  let before = await inboundAudio(page);
  await explainedByPeers(page, () =>
    expect(async () => {
      const now = await inboundAudio(page);
      const last = windows(before, now);
      before = now;
      expect(
        last.filter(heard).length,
        `audio heard from ${minPeers} peer(s) or more; ${describe(last)}`,
      ).toBeGreaterThanOrEqual(minPeers);
    }).toPass({ timeout, intervals: [SAMPLE_MS] }),
  );
}

/**
 * Polls until `silentPeers` of the page's open peer connections have received only silence (or
 * nothing) for SILENT_WINDOWS seconds in a row while `heardPeers` others are heard, and there are no
 * others (defaults: the two-person call where the other one is muted).
 */
export async function expectAudioSilent(
  page: Page,
  {
    silentPeers = 1,
    heardPeers = 0,
    timeout = 60_000,
  }: { silentPeers?: number; heardPeers?: number; timeout?: number } = {},
): Promise<void> {
  let before = await inboundAudio(page);
  /** Per peer connection, how many windows in a row were silent. */
  const silentRun = new Map<number, number>();
  await explainedByPeers(page, () =>
    expect(async () => {
      const now = await inboundAudio(page);
      const last = windows(before, now);
      before = now;
      for (const w of last) silentRun.set(w.peer.index, silent(w) ? (silentRun.get(w.peer.index) ?? 0) + 1 : 0);
      const quiet = last.filter((w) => (silentRun.get(w.peer.index) ?? 0) >= SILENT_WINDOWS).length;
      expect(
        { silent: quiet, heard: last.filter(heard).length, open: now.peers },
        `${silentPeers} peer(s) silent for ${SILENT_WINDOWS} s and ${heardPeers} heard; ${describe(last)}`,
      ).toEqual({ silent: silentPeers, heard: heardPeers, open: silentPeers + heardPeers });
    }).toPass({ timeout, intervals: [SAMPLE_MS] }),
  );
}

/** The last second of each peer connection, for a failure message. */
function describe(last: PeerWindow[]): string {
  const peers = last.map(
    (w) =>
      `#${w.peer.index} ${w.peer.state} via ${w.peer.candidateType}: +${w.bytesGained} B, ` +
      `+${w.energyGained.toExponential(1)} energy, level ${w.peer.level.toFixed(3)}`,
  );
  return `last second: ${peers.join('; ') || 'no peer connection receives audio'}`;
}

/**
 * How each of the page's peer connections stands (closed ones too): its states, and the ICE
 * candidates and candidate pairs its statistics know, by type and state.
 */
export function peerStates(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const count = (values: string[]) => {
      const counts = new Map<string, number>();
      for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
      return [...counts].map(([v, n]) => `${n} ${v}`).join(', ') || 'none';
    };
    const lines: string[] = [];
    for (const [index, pc] of (window.__peers ?? []).entries()) {
      const local: string[] = [];
      const remote: string[] = [];
      const pairs: string[] = [];
      if (pc.signalingState !== 'closed') {
        const stats = await pc.getStats().catch(() => null);
        stats?.forEach((r: { type: string; candidateType?: string; state?: string }) => {
          if (r.type === 'local-candidate') local.push(r.candidateType ?? '?');
          if (r.type === 'remote-candidate') remote.push(r.candidateType ?? '?');
          if (r.type === 'candidate-pair') pairs.push(r.state ?? '?');
        });
      }
      lines.push(
        `#${index} connection ${pc.connectionState}, ICE ${pc.iceConnectionState}, gathering ` +
          `${pc.iceGatheringState}, signaling ${pc.signalingState}; local candidates: ${count(local)}; ` +
          `remote candidates: ${count(remote)}; pairs: ${count(pairs)}; events: ` +
          `${(window.__peerEvents?.[index] ?? []).slice(0, 30).join(', ') || 'none'}`,
      );
    }
    return lines;
  });
}

/** Runs an assertion; if it fails, its message gets the page's peer connection states (peerStates). */
export async function explainedByPeers<T>(page: Page, assertion: () => Promise<T>): Promise<T> {
  try {
    return await assertion();
  } catch (err) {
    if (err instanceof Error) {
      const states = await peerStates(page).catch((e: unknown) => [`(unreadable: ${String(e)})`]);
      err.message += `\nPeer connections of the page:\n${states.map((s) => `  ${s}`).join('\n') || '  none'}`;
    }
    throw err;
  }
}

/** Whether each remote audio element of the page (the client plays each peer in one) is muted. */
export function remoteAudioMuted(page: Page): Promise<boolean[]> {
  return page.evaluate(() => [...document.querySelectorAll('audio')].map((audio) => audio.muted));
}

/** Each remote audio element of the page is playing (`true`) or each is muted (`false`), within 20 s. */
export async function expectPeersPlayed(page: Page, played: boolean): Promise<void> {
  await expect(async () => {
    const muted = await remoteAudioMuted(page);
    expect(muted.length, 'audio elements on the page').toBeGreaterThan(0);
    expect(muted).not.toContain(played);
  }).toPass({ timeout: 20_000 });
}

/** A voice channel's row in the sidebar: clicking it joins. */
export const voiceChannelButton = (page: Page, channelName: string): Locator =>
  channelSidebar(page).getByRole('button', { name: `${channelName} (voice channel)`, exact: true });

/** The list of who is in a voice channel, under its row (absent while it is empty). */
export const voiceList = (page: Page, channelName: string): Locator =>
  channelSidebar(page).getByRole('list', { name: `In ${channelName}`, exact: true });

/** How the list shows a name: cut to 10 characters, then '…'. */
export const shownName = (name: string): string => (name.length > 10 ? `${name.slice(0, 10)}…` : name);

/** One person's item in a voice channel's list, found by the full name its title gives. */
export const voiceParticipant = (page: Page, channelName: string, user: Pick<Account, 'username'>): Locator =>
  voiceList(page, channelName)
    .getByRole('listitem')
    .filter({ has: page.getByTitle(user.username, { exact: true }) });

/** The voice panel at the foot of the sidebar while connected or connecting. */
export const voicePanel = (page: Page): Locator => page.getByRole('region', { name: 'Voice connection' });

/** Joins a voice channel of the open group from the sidebar; the panel names it. */
export async function joinVoice(page: Page, channelName: string): Promise<void> {
  await voiceChannelButton(page, channelName).click();
  await expect(voicePanel(page).getByText(channelName, { exact: true })).toBeVisible({ timeout: 30_000 });
}

/** The panel says 'Connected' (a peer connection is up), and the HD label. */
export async function expectConnected(page: Page, channelName: string): Promise<void> {
  const panel = voicePanel(page);
  await explainedByPeers(page, () =>
    expect(panel.getByText('Connected', { exact: true })).toBeVisible({ timeout: 45_000 }),
  );
  await expect(panel.getByText(channelName, { exact: true })).toBeVisible();
  await expect(panel.getByText('HD', { exact: true })).toBeVisible();
}

interface VoiceParticipantAnswer {
  participants: { user_id: number; is_muted: boolean; is_deafened: boolean }[];
}

/** Who the server says is in a voice channel (GET /api/voice/channels/:id/participants). */
export async function voiceParticipantsOnServer(
  api: Api,
  as: Account,
  channelId: number,
): Promise<VoiceParticipantAnswer['participants']> {
  const answer = await api.request<VoiceParticipantAnswer>('GET', `/voice/channels/${channelId}/participants`, as);
  return answer.participants;
}

/** One person's seat as the server has it, or undefined when they are not in the channel. */
export async function seatOnServer(api: Api, as: Account, channelId: number, user: Account) {
  return (await voiceParticipantsOnServer(api, as, channelId)).find((p) => p.user_id === user.user.id);
}

/** The server hands out credentials for its own TURN relay, and voice may use nothing else. */
export async function expectTurnRelay(api: Api, as: Account): Promise<void> {
  const turn = await api.request<{ urls: string[]; ice_transport_policy: string }>(
    'GET',
    '/voice/turn-credentials',
    as,
  );
  expect(turn.ice_transport_policy, 'voice goes through the relay only').toBe('relay');
  expect(turn.urls.length, 'the local coturn is running (is turnserver installed?)').toBeGreaterThan(0);
  for (const url of turn.urls) expect(url).toMatch(/^turn:/);
}
