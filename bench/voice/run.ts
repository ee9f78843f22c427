/**
 * Voice benchmark: `npm run bench:voice`.
 *
 * 1. Builds the web client and starts Hearth on a fresh embedded database with its own coturn as the
 *    TURN relay (installed first if missing), as `npm start` runs it when coturn is installed.
 * 2. For 2, 4 and 8 participants, each in a browser context of its own of one headless Chromium with
 *    the fake microphone (a beep twice a second): all but one join a voice channel from the sidebar
 *    and settle; then the last one clicks join, and the page times, from the click, until a peer
 *    connection to each of the others has received audio that is not silence (WebRTC statistics
 *    polled every 50 ms). That one leaves and joins again for the next run.
 * 3. With everyone in the call, the CPU time of Chromium's processes and of Hearth's (the server and
 *    its coturn) over 10 s, per participant; and the same with the pages open but nobody in voice.
 * Prints tables and writes the "Voice" section of docs/performance.md.
 */
import { spawnSync } from 'node:child_process';
import { cpus } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright';
import { CHROMIUM_LAUNCH_OPTIONS, ensureChromium, ensureCoturn } from '@hearth/server/testing';
import { percentile, RESULTS_HEADER, table, verdict, writeSection } from '../shared/report.js';
import { signedInContext } from '../shared/sign-in.js';
import { startServer, ROOT, WEB_DIST, type BenchServer } from '../web/server.js';
import { needsBuild, sized } from '../shared/smoke.js';
import { api, type Session } from '../web/seed.js';
import { machineCpuMs } from '../fanout/proc.js';
import { CpuMeter, type CpuUsed } from './cpu.js';
import { peerCount, receivedAudio, timedJoin, trackPeers, type JoinTiming, type PeerReceived } from './probes.js';

/** How many people are in the call, and how many times the last one's join is timed. */
const SIZES = sized(
  [
    { participants: 2, runs: 5 },
    { participants: 4, runs: 5 },
    { participants: 8, runs: 3 },
  ],
  [{ participants: 2, runs: 1 }],
);
/** The project's target: audio flowing within 1 s of clicking join, in a channel of 4. */
const TARGET = { participants: 4, joinMs: 1_000 };
const POLL_MS = 50;
const JOIN_TIMEOUT_MS = 30_000;
/** After the others have joined, before the timed join. */
const SETTLE_MS = 2_000;
/** The client refuses to rejoin within 2 s of leaving; the others also close their connection to the leaver. */
const REJOIN_WAIT_MS = 3_000;
const CPU_CALL_MS = sized(10_000, 1_000);
const CPU_IDLE_MS = sized(5_000, 1_000);
const PASSWORD = 'bench-pass-1';
/** Chromium's fake microphone (a short beep twice a second), and getUserMedia asks no one. */
const FAKE_MEDIA_ARGS = ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'];
/** The server's own coturn, never an external relay or direct connections the environment may name. */
const VOICE_ENV = { LOCAL_COTURN: 'true', TURN_URLS: undefined, TURN_SECRET: undefined, VOICE_ALLOW_DIRECT: 'false' };
const DATE = new Date().toISOString().slice(0, 10);
const MACHINE = `2 cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'})`;

class BenchError extends Error {}

const ms = (v: number) => `${Math.round(v)} ms`;
/** CPU time over a window as a share of one core. */
const pct = (cpuMs: number | null, wallMs: number) =>
  cpuMs === null ? 'n/a' : `${((100 * cpuMs) / wallMs).toFixed(1)} %`;

interface Place {
  groupId: number;
  /** A text channel to open: the voice channel is in its sidebar. */
  textChannelId: number;
}

interface Person {
  username: string;
}

/** One participant's page, signed in, with its peer connections tracked. */
interface Participant {
  page: Page;
  context: BrowserContext;
}

interface SizeResult {
  participants: number;
  /** The timed joins, in order (the first is the page's first join). */
  runs: JoinTiming[];
  /** Everyone in the call. */
  call?: CpuUsed;
  /** The same pages open, nobody in voice. */
  idle?: CpuUsed;
  /** Audio streams (one per ordered pair of participants) whose bytes and energy grew during the CPU window. */
  streams?: { flowing: number; expected: number };
  /** The timed runs that got no audio from everyone, and what the page had then. */
  failedRuns: string[];
  /** Why the size could not be measured (or not completely). */
  error?: string;
}

async function registerPeople(server: BenchServer, count: number) {
  const people: Person[] = [];
  let admin: Session | undefined;
  for (let i = 1; i <= count; i++) {
    const username = `bench_voice_${i}`;
    const session = await api<Session>(server, 'POST', '/auth/register', null, { username, password: PASSWORD });
    admin ??= session; // the first account of a fresh server is its admin
    people.push({ username });
  }
  const groups = await api<{ id: number; name: string }[]>(server, 'GET', '/group', admin!.access_token);
  const group = groups.find((g) => g.name === 'Hearth') ?? groups[0];
  if (!group) throw new BenchError('The fresh server has no group');
  const channels = await api<{ id: number; name: string; channel_type: string }[]>(
    server,
    'GET',
    `/channel?group_id=${group.id}`,
    admin!.access_token,
  );
  const text = channels.find((c) => c.name === 'general') ?? channels.find((c) => c.channel_type === 'text');
  if (!text) throw new BenchError('The default group has no text channel');
  const relay = await api<{ urls: string[]; ice_transport_policy: string }>(
    server,
    'GET',
    '/voice/turn-credentials',
    admin!.access_token,
  );
  if (relay.urls.length === 0 || relay.ice_transport_policy !== 'relay')
    throw new BenchError(`The server has no TURN relay of its own (is coturn installed?): ${JSON.stringify(relay)}`);
  console.log(`  TURN relay: ${relay.urls.join(', ')}`);
  return { admin: admin!, people, place: { groupId: group.id, textChannelId: text.id } };
}

/** Signs in (fresh tokens: the run is longer than an access token lives) and opens the group in a context of its own. */
async function openParticipant(
  browser: Browser,
  server: BenchServer,
  person: Person,
  place: Place,
  voiceChannel: string,
): Promise<Participant> {
  const session = await api<Session>(server, 'POST', '/auth/login', null, {
    username: person.username,
    password: PASSWORD,
  });
  const context = await signedInContext(
    browser,
    { accessToken: session.access_token, refreshToken: session.refresh_token, user: session.user },
    { baseURL: server.url, viewport: { width: 1280, height: 800 }, permissions: ['microphone'] },
  );
  await context.addInitScript(trackPeers);
  const page = await context.newPage();
  await page.goto(`/channels/${place.groupId}/${place.textChannelId}`);
  await voiceButton(page, voiceChannel).waitFor({ timeout: 30_000 });
  return { page, context };
}

const voiceButton = (page: Page, channel: string): Locator =>
  page
    .getByRole('navigation', { name: 'Channels' })
    .getByRole('button', { name: `${channel} (voice channel)`, exact: true });

const voicePanel = (page: Page): Locator => page.getByRole('region', { name: 'Voice connection' });

/** Clicks join and times it in the page (see timedJoin). */
async function join(page: Page, channel: string, others: number): Promise<JoinTiming> {
  return voiceButton(page, channel).evaluate(timedJoin, { others, pollMs: POLL_MS, timeoutMs: JOIN_TIMEOUT_MS });
}

/** Waits until the server has `count` people in the voice channel. */
async function seated(server: BenchServer, as: Session, channelId: number, count: number): Promise<void> {
  const started = Date.now();
  for (;;) {
    const { participants } = await api<{ participants: unknown[] }>(
      server,
      'GET',
      `/voice/channels/${channelId}/participants`,
      as.access_token,
    );
    if (participants.length === count) return;
    if (Date.now() - started > JOIN_TIMEOUT_MS)
      throw new BenchError(`The server has ${participants.length} in the voice channel, not ${count}`);
    await sleep(POLL_MS);
  }
}

async function leave(page: Page): Promise<void> {
  await voicePanel(page).getByRole('button', { name: 'Disconnect', exact: true }).click();
  await voicePanel(page).waitFor({ state: 'hidden', timeout: 10_000 });
}

/** "#3 connected via relay: 1234 B, energy 0.01" for each peer connection, for the console. */
const describePeers = (peers: PeerReceived[]) =>
  peers
    .map((p) => `#${p.index} ${p.state} via ${p.candidateType ?? '?'}: ${p.bytes} B, energy ${p.energy.toFixed(3)}`)
    .join('; ') || 'no peer connection receives audio';

/** The error messages the page shows (toasts), for the console. */
async function alerts(page: Page): Promise<string> {
  const shown = await page
    .getByRole('alert')
    .allInnerTexts()
    .catch(() => []);
  return shown.length > 0 ? `; the page says: ${shown.join(' / ')}` : '';
}

/** "3 of 7 peer connections open (the others had failed and were closed), 2 of them with audio". */
function describeFailure(t: JoinTiming, others: number): string {
  const heard = t.peers.filter((p) => p.bytes > 0 && p.energy > 0).length;
  const open = t.peers.length;
  if (open === 0) return `no peer connection after ${JOIN_TIMEOUT_MS / 1000} s`;
  const closed = open < others ? ' (the others had failed and were closed)' : '';
  return `after ${JOIN_TIMEOUT_MS / 1000} s, ${open} of ${others} peer connections open${closed}, audio from ${heard}`;
}

function describeRun(t: JoinTiming): string {
  const time = (v: number | null) => (v === null ? 'never' : ms(v));
  const via = [...new Set(t.peers.map((p) => p.candidateType ?? '?'))].join(', ');
  return `'Connected' ${time(t.connectedMs)}, packets from all ${time(t.packetsMs)}, audio from all ${time(t.audioMs)} (${t.peers.length} peer connection(s) via ${via || 'none'})`;
}

/** Per page, what each open peer connection has received so far, keyed by page and connection. */
async function receivedByAll(participants: Participant[]): Promise<Map<string, PeerReceived>> {
  const all = new Map<string, PeerReceived>();
  for (const [i, p] of participants.entries())
    for (const peer of await p.page.evaluate(receivedAudio, 0)) all.set(`${i}:${peer.index}`, peer);
  return all;
}

async function measureSize(
  browser: Browser,
  server: BenchServer,
  meter: CpuMeter,
  setup: { admin: Session; people: Person[]; place: Place },
  size: { participants: number; runs: number },
): Promise<SizeResult> {
  const n = size.participants;
  const result: SizeResult = { participants: n, runs: [], failedRuns: [] };
  const channel = `voice-${n}`;
  const { id: channelId } = await api<{ id: number }>(server, 'POST', '/channel', setup.admin.access_token, {
    name: channel,
    channel_type: 'voice',
    group_id: setup.place.groupId,
  });
  const participants: Participant[] = [];
  try {
    console.log(`\n${n} participants: opening ${n} pages...`);
    for (const person of setup.people.slice(0, n))
      participants.push(await openParticipant(browser, server, person, setup.place, channel));
    for (const p of participants) await p.page.waitForLoadState('networkidle');
    await sleep(SETTLE_MS);
    result.idle = await meter.measure(() => sleep(CPU_IDLE_MS));

    for (let i = 0; i < n - 1; i++) {
      const joined = await join(participants[i]!.page, channel, i);
      if (joined.audioMs === null)
        throw new BenchError(
          `participant ${i + 1} of ${n} got no audio from the ${i} already there within ${JOIN_TIMEOUT_MS / 1000} s: ` +
            `${describePeers(joined.peers)}${await alerts(participants[i]!.page)}`,
        );
      // Seated before the next one joins (the first has no one to hear, so its join resolves at once).
      await seated(server, setup.admin, channelId, i + 1);
      console.log(`  participant ${i + 1} joined: ${describeRun(joined)}`);
    }
    await sleep(SETTLE_MS);

    const last = participants[n - 1]!.page;
    for (let run = 1; run <= size.runs; run++) {
      if (run > 1) {
        await leave(last);
        await sleep(REJOIN_WAIT_MS);
      }
      const timing = await join(last, channel, n - 1);
      result.runs.push(timing);
      console.log(`  run ${run}: ${describeRun(timing)}`);
      if (timing.audioMs === null) {
        const failure = `${describeFailure(timing, n - 1)}${await alerts(last)}`;
        result.failedRuns.push(`run ${run}: ${failure}`);
        console.log(`    ${describePeers(timing.peers)}${await alerts(last)}`);
      }
    }
    if (result.runs.at(-1)?.audioMs === null) {
      console.log('  joining once more (untimed) for the CPU window...');
      if (await voicePanel(last).isVisible()) await leave(last);
      await sleep(REJOIN_WAIT_MS);
      await join(last, channel, n - 1);
    }

    // Everyone in the call (the streams that flow are counted), then 10 s of nothing but the call.
    await seated(server, setup.admin, channelId, n);
    await sleep(SETTLE_MS);
    const before = await receivedByAll(participants);
    result.call = await meter.measure(() => sleep(CPU_CALL_MS));
    const after = await receivedByAll(participants);
    let flowing = 0;
    for (const [key, peer] of after) {
      const earlier = before.get(key);
      if (earlier && peer.bytes > earlier.bytes && peer.energy > earlier.energy) flowing += 1;
    }
    result.streams = { flowing, expected: n * (n - 1) };
    console.log(`  audio streams flowing during the CPU window: ${flowing} of ${n * (n - 1)}`);
    console.log(`  peer connections made by the last page: ${await last.evaluate(peerCount)}`);
  } catch (err) {
    result.error = err instanceof Error ? err.message.split('\n')[0] : String(err);
    console.log(`  failed: ${result.error}`);
  } finally {
    for (const p of participants) {
      if (
        await voicePanel(p.page)
          .isVisible()
          .catch(() => false)
      )
        await leave(p.page).catch(() => undefined);
      await p.context.close();
    }
  }
  return result;
}

/** The timed joins' audio times, ascending; runs that got no audio are left out (and counted apart). */
const audioTimes = (r: SizeResult) =>
  r.runs.flatMap((t) => (t.audioMs === null ? [] : [t.audioMs])).sort((a, b) => a - b);

function spread(values: (number | null)[]): string {
  const got = values.flatMap((v) => (v === null ? [] : [v])).sort((a, b) => a - b);
  if (got.length === 0) return 'never';
  return got.length === 1 ? ms(got[0]!) : `${ms(percentile(got, 50))} (${ms(got[0]!)}–${ms(got.at(-1)!)})`;
}

/** The participants' share of one core in the call, and what it is made of. */
function perParticipant(r: SizeResult) {
  const call = r.call!;
  const hearth = (call.server ?? 0) + (call.coturn ?? 0);
  return {
    total: (100 * (call.chromium + hearth)) / call.wallMs / r.participants,
    chromium: (100 * call.chromium) / call.wallMs / r.participants,
    hearth: (100 * hearth) / call.wallMs / r.participants,
  };
}

function joinRow(r: SizeResult): string[] {
  const measure = `Join to audio flowing, ${r.participants} participants`;
  const hasTarget = r.participants === TARGET.participants;
  const target = hasTarget ? `≤ ${ms(TARGET.joinMs)}` : '';
  const times = audioTimes(r);
  if (times.length === 0)
    return [measure, `not measured: ${r.error ?? 'no run got audio'}`, target, hasTarget ? verdict(false) : ''];
  const failed = r.runs.length - times.length;
  const median = percentile(times, 50);
  const result =
    (times.length === 1
      ? `${ms(median)} (1 run)`
      : `${ms(median)} median of ${times.length} (${ms(times[0]!)}–${ms(times.at(-1)!)})`) +
    (failed > 0 ? `; ${failed} of ${r.runs.length} runs got no audio within ${JOIN_TIMEOUT_MS / 1000} s` : '');
  return [measure, result, target, hasTarget ? verdict(median <= TARGET.joinMs && failed === 0) : ''];
}

function cpuRow(r: SizeResult): string[] {
  const measure = `CPU per participant, ${r.participants} in the call`;
  if (!r.call) return [measure, `not measured: ${r.error ?? 'unknown'}`, '', ''];
  const share = perParticipant(r);
  return [
    measure,
    `${share.total.toFixed(1)} % of a core (Chromium ${share.chromium.toFixed(1)} %, server and coturn ${share.hearth.toFixed(1)} %)`,
    '',
    '',
  ];
}

const JOIN_HEADER = [
  'Participants',
  "'Connected' shown",
  'Packets from all',
  'Audio from all',
  'First join of the page',
];
function joinDetailRow(r: SizeResult): string[] {
  const first = r.runs[0]?.audioMs;
  return [
    String(r.participants),
    spread(r.runs.map((t) => t.connectedMs)),
    spread(r.runs.map((t) => t.packetsMs)),
    spread(r.runs.map((t) => t.audioMs)),
    first === undefined || first === null ? 'never' : ms(first),
  ];
}

const CPU_HEADER = [
  'In the call',
  'Chromium',
  'Hearth server',
  'coturn',
  'PostgreSQL',
  'Per participant',
  'Streams flowing',
  'Chromium, not in voice',
  'Other programs',
];
function cpuDetailRow(r: SizeResult): string[] {
  const idle = r.idle ? pct(r.idle.chromium, r.idle.wallMs) : 'n/a';
  if (!r.call) return [String(r.participants), ...Array<string>(6).fill('n/a'), idle, 'n/a'];
  const c = r.call;
  return [
    String(r.participants),
    pct(c.chromium, c.wallMs),
    pct(c.server, c.wallMs),
    pct(c.coturn, c.wallMs),
    pct(c.postgres, c.wallMs),
    `${perParticipant(r).total.toFixed(1)} %`,
    r.streams ? `${r.streams.flowing} of ${r.streams.expected}` : 'n/a',
    idle,
    pct(c.other, c.wallMs),
  ];
}

/** Chromium's CPU in the call by kind of process, and the /proc check, for the console. */
function describeCpu(r: SizeResult): string {
  const c = r.call;
  if (!c) return `${r.participants}: not measured`;
  const kinds = [...c.chromiumByKind]
    .filter(([, v]) => v > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([kind, v]) => `${kind} ${pct(v, c.wallMs)}`)
    .join(', ');
  return (
    `${r.participants} in the call: Chromium ${pct(c.chromium, c.wallMs)} (${kinds}); from /proc, the browser's ` +
    `process tree ${pct(c.chromiumProcTree, c.wallMs)}; this benchmark's process ${pct(c.bench, c.wallMs)}`
  );
}

/** Warns when other programs keep the machine busy: the figures would be the worse for it. */
async function checkQuiet(): Promise<void> {
  const before = { t: performance.now(), busy: machineCpuMs().busy };
  await sleep(2_000);
  const busy = (100 * (machineCpuMs().busy - before.busy)) / (performance.now() - before.t);
  if (busy > 30)
    console.warn(
      `Other programs keep the machine busy (${busy.toFixed(0)} % of a core): the figures will be the worse for it.`,
    );
}

async function main() {
  await checkQuiet();
  if (needsBuild(WEB_DIST)) {
    console.log('Building the web client...');
    const build = spawnSync('npm', ['run', 'build', '-w', '@hearth/web'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new BenchError('The web build failed');
  }

  ensureCoturn();
  console.log('Starting a server with its own coturn...');
  const server = await startServer(1_000, VOICE_ENV);
  let browser: Browser | undefined;
  let meter: CpuMeter | undefined;
  try {
    const most = Math.max(...SIZES.map((s) => s.participants));
    console.log(`Registering ${most} people...`);
    const setup = await registerPeople(server, most);
    ensureChromium();
    browser = await chromium.launch({
      ...CHROMIUM_LAUNCH_OPTIONS,
      args: [...CHROMIUM_LAUNCH_OPTIONS.args, ...FAKE_MEDIA_ARGS],
      headless: true,
    });
    meter = await CpuMeter.open(browser, server.pid);
    const results: SizeResult[] = [];
    for (const size of SIZES) results.push(await measureSize(browser, server, meter, setup, size));
    if (results.every((r) => audioTimes(r).length === 0)) throw new BenchError('No join got audio at all');

    const rows = [...results.map(joinRow), ...results.map(cpuRow)];
    const joinRows = results.map(joinDetailRow);
    const cpuRows = results.map(cpuDetailRow);
    console.log(`\n${table(RESULTS_HEADER, rows).replaceAll('**', '')}\n`);
    console.log(`${table(JOIN_HEADER, joinRows)}\n`);
    console.log(`${table(CPU_HEADER, cpuRows)}\n`);
    for (const r of results) console.log(describeCpu(r));
    const failures = results.flatMap((r) => [
      ...r.failedRuns.map((f) => `- ${r.participants} participants, ${f}`),
      ...(r.error ? [`- ${r.participants} participants: ${r.error}`] : []),
    ]);

    const runs = SIZES.map((s) => `${s.runs} for ${s.participants}`).join(', ');
    const others = results.flatMap((r) => (r.call ? [(100 * r.call.other) / r.call.wallMs] : []));
    const busy =
      Math.max(0, ...others) >= 10
        ? `**The machine was not idle**: other programs used up to ${Math.max(...others).toFixed(0)} % of a core\n` +
          `during the CPU windows (see "Other programs"), which slows the joins too; the figures are the worse\n` +
          `for it.`
        : '';
    const doc = path.join(ROOT, 'docs/performance.md');
    writeSection(
      doc,
      [
        `Measured ${DATE} on ${MACHINE} with \`npm run bench:voice\`: production build of \`apps/web\`, Hearth`,
        `on its embedded PostgreSQL with its own coturn as the TURN relay (voice is relay-only), Debian`,
        `Chromium ${browser.version()} headless. **Every participant is a browser context of one headless`,
        `Chromium on the same machine as the server and the relay**, each with Chromium's fake microphone`,
        `(a short beep twice a second): what the figures call CPU per participant is all of that machine's`,
        `work for the call divided among the participants, so an upper bound of what a real client spends,`,
        `the browser's own audio processing (echo cancellation, Opus encoding for each other participant,`,
        `decoding, mixing) included.`,
        '',
        table(RESULTS_HEADER, rows),
        '',
        `Join times, median (range) of the timed runs, ms from the click:`,
        '',
        table(JOIN_HEADER, joinRows),
        '',
        `CPU in % of one core (CPU seconds / wall seconds; the machine has 2 cores, 200 %), over ${CPU_CALL_MS / 1000} s with`,
        `everyone in the call:`,
        '',
        table(CPU_HEADER, cpuRows),
        '',
        `- **Join to audio flowing**: the other participants join first, one after another, and settle; then`,
        `  the last one clicks the voice channel in the sidebar (a fresh page, signed in, microphone allowed).`,
        `  Timed inside that page, from the click (\`performance.now()\`) until a new peer connection to each`,
        `  of the others has received audio (\`inbound-rtp\` audio \`bytesReceived\` > 0) that is not silence`,
        `  (\`totalAudioEnergy\` > 0): \`getStats()\` polled every ${POLL_MS} ms. This is what a person waits after`,
        `  clicking join in a channel of that many. Runs: ${runs}; between runs the last one`,
        `  disconnects and joins again ${REJOIN_WAIT_MS / 1000} s later (the client refuses a rejoin within 2 s).`,
        `  "First join of the page" is the first run, which also fetches the voice code (a chunk of its`,
        `  own); the others reuse it.`,
        `  "'Connected' shown" is when the panel says so (its first peer connection is up); "packets from`,
        `  all" is when audio packets from every other participant had arrived; "audio from all" (the`,
        `  measure above) is when each had also been decoded and played out as sound.`,
        `- **CPU per participant**: (Chromium + Hearth server + coturn) CPU time / wall time / participants,`,
        `  while everyone is in the call and no page does anything else (the statistics are read before and`,
        `  after the window only). Chromium: every process Chromium reports through the DevTools protocol's`,
        `  \`SystemInfo.getProcessInfo\` (the browser process, one renderer per page, the GPU process, and the`,
        `  audio, network and storage services; their sum matches the browser's process tree in /proc), so`,
        `  also what the pages spend beside voice; "Chromium, not in voice" is the same pages open with nobody`,
        `  in voice, over ${CPU_IDLE_MS / 1000} s. Hearth server: the server's node process (signalling, the live`,
        `  connections); coturn: the relay, which forwards every stream twice (in from the sender, out to the`,
        `  receiver); both from /proc (utime + stime). PostgreSQL is shown apart and not counted, nor is the`,
        `  benchmark's own process (Playwright). "Streams flowing": audio streams (one per ordered pair of`,
        `  participants) whose received bytes and energy grew during the window. "Other programs": the`,
        `  machine's busy time less all of the above, i.e. whatever else ran on the machine meanwhile.`,
        ...(busy ? ['', busy] : []),
        ...(failures.length > 0 ? ['', 'What did not work in this run:', '', ...failures] : []),
      ].join('\n'),
      '## Voice',
    );
    console.log(`Wrote the "Voice" section of ${path.relative(ROOT, doc)}`);
  } finally {
    await meter?.close();
    await browser?.close();
    await server.stop();
  }
}

main().catch((err: unknown) => {
  if (err instanceof BenchError) console.error(`bench:voice: ${err.message}`);
  else console.error(err);
  process.exit(1);
});
