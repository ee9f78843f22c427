/**
 * Web client benchmark: `npm run bench:web`.
 *
 * 1. Builds the client, starts Hearth on a fresh embedded database and seeds one channel with 2,000
 *    messages.
 * 2. Opens the channel in headless Chromium as a signed-in visitor with an empty cache, then once more
 *    in the same browser context (cache kept), and adds up the bytes the browser received over the
 *    network each time, from Chromium's own network records.
 * 3. Time from navigation to the first message painted (median of several cold page loads).
 * 4. Scrolls with the mouse wheel from the newest message back to the first one, recording the frame
 *    rate and the long tasks (> 50 ms) the browser reports.
 * 5. Opens the GIF picker from the composer (30 uploaded GIFs, the built-in provider) and times the
 *    first page of pictures shown (gif-picker.ts).
 * Prints tables and writes the "Web client" and "GIF picker" sections of docs/performance.md.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright';
import { CHROMIUM_LAUNCH_OPTIONS, ensureChromium } from '@hearth/server/testing';
import {
  firstPaintProbe,
  nextFrame,
  startScrollProbe,
  stopScrollProbe,
  type FirstPaint,
  type SignedIn,
} from './probes.js';
import { percentile, RESULTS_HEADER, table, verdict, writeSection } from '../shared/report.js';
import { signedInContext } from '../shared/sign-in.js';
import { startServer, ROOT, WEB_DIST, type BenchServer } from './server.js';
import { initialSizes, total } from './sizes.js';
import { recordReceived, sum, type Received } from './transfer.js';
import { MESSAGES, numbered, seed } from './seed.js';
import { GIFS, seedGifs } from './gif-seed.js';
import { CUSTOM_EMOJI, seedCustomEmoji } from './emoji-seed.js';
import { EMOJI_RUNS, EMOJI_TARGET_MS, measureEmojiPicker } from './emoji-picker.js';
import { GIF_RUNS, GIF_TARGET_MS, measureGifPicker } from './gif-picker.js';
import { HOVER_MS } from './picker-openings.js';
import { needsBuild, sized } from '../shared/smoke.js';

const PAINT_RUNS = sized(5, 1);
const WHEEL_STEP_PX = 400;
const SCROLL_LIMIT_MS = 180_000;
const FIRST_MESSAGE_TIMEOUT_MS = 15_000;
const TARGET = {
  /** The scripts index.html loads before the app runs, gzip level 9 (pickers, viewers and data load later). */
  initialJsGzipKb: 200,
  /** A repeat visit revalidates index.html (a 304) and takes everything else from the cache. */
  repeatVisitClientKb: 2,
  firstPaintMs: 600,
  longTaskMs: 50,
};
const DATE = new Date().toISOString().slice(0, 10);
const MACHINE = '2 cores';
/** What marks a message item of the message list. */
const MESSAGE_SELECTOR = 'article, [role="article"]';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (v: number) => `${Math.round(v)} ms`;

class BenchError extends Error {}

/** A browser context (empty cache) of a signed-in visitor whose pages record the first message painted. */
async function visitorContext(browser: Browser, server: BenchServer, signedIn: SignedIn) {
  const context = await signedInContext(browser, signedIn, {
    baseURL: server.url,
    viewport: { width: 1280, height: 800 },
  });
  await context.addInitScript(firstPaintProbe, { messageSelector: signedIn.messageSelector });
  return context;
}

async function waitForFirstPaint(page: Page): Promise<FirstPaint> {
  return page
    .waitForFunction(() => (window as unknown as { benchFirstPaint?: FirstPaint }).benchFirstPaint, undefined, {
      timeout: FIRST_MESSAGE_TIMEOUT_MS,
    })
    .then((handle) => handle.jsonValue() as Promise<FirstPaint>)
    .catch(async () => {
      const shown = (await page.locator('body').innerText()).slice(0, 300).replace(/\s+/g, ' ');
      throw new BenchError(
        `No message item (${MESSAGE_SELECTOR}) appeared within ${FIRST_MESSAGE_TIMEOUT_MS / 1000} s of opening a channel ` +
          `with ${MESSAGES} messages: the message list is missing or broken, so there is nothing to measure.\n` +
          `The page showed: "${shown}"`,
      );
    });
}

/** The channel's own address (`/channels/{group}/{channel}`), as a shared link or a bookmark opens it. */
const channelPath = ({ navigation }: SignedIn) => `/channels/${navigation.groupId}/${navigation.channelId}`;

async function openChannel(browser: Browser, server: BenchServer, signedIn: SignedIn) {
  const context = await visitorContext(browser, server, signedIn);
  const page = await context.newPage();
  await page.goto(channelPath(signedIn));
  const paint = await waitForFirstPaint(page).catch(async (err: unknown) => {
    await context.close();
    throw err;
  });
  return { page, paint, close: () => context.close() };
}

/** One visit in a new tab of the context: everything received until the channel shows and the network is quiet. */
async function visit(context: BrowserContext, signedIn: SignedIn): Promise<Received[]> {
  const page = await context.newPage();
  const recording = await recordReceived(page);
  await page.goto(channelPath(signedIn));
  await waitForFirstPaint(page);
  await page.waitForLoadState('networkidle');
  const received = await recording.stop();
  await page.close();
  return received;
}

/** A first visit (empty cache) and a repeat visit in the same browser context (cache kept). */
async function measureVisits(browser: Browser, server: BenchServer, signedIn: SignedIn) {
  const context = await visitorContext(browser, server, signedIn);
  try {
    const first = await visit(context, signedIn);
    const repeat = await visit(context, signedIn);
    return { first, repeat };
  } finally {
    await context.close();
  }
}

/** One line per request, for the console: what came, how, and how many bytes. */
function describe(received: Received[]): string {
  return received
    .map((r) => {
      const how = r.fromCache ? 'from cache' : `${r.status}${r.encoding ? ` ${r.encoding}` : ''}`;
      return `  ${kb(r.bytes).padStart(9)}  ${r.kind.padEnd(10)} ${how.padEnd(10)} ${new URL(r.url).pathname}`;
    })
    .join('\n');
}

/** "12.3 KB (HTML 0.9 KB, JS 136.2 KB, CSS 4.9 KB, API 3.1 KB in 4 requests)" */
function breakdown(received: Received[]): string {
  const api = received.filter((r) => r.kind === 'api');
  const parts = [
    `HTML ${kb(sum(received, 'document'))}`,
    `JS ${kb(sum(received, 'script'))}`,
    `CSS ${kb(sum(received, 'stylesheet'))}`,
    `API ${kb(sum(received, 'api'))} in ${api.length} request${api.length === 1 ? '' : 's'}`,
  ];
  const other = sum(received, 'other');
  if (other > 0) parts.push(`other ${kb(other)}`);
  return `${kb(sum(received))} (${parts.join(', ')})`;
}

/** The client's own files (index.html, scripts, style sheets), not the API's answers. */
const clientFiles = (received: Received[]) => received.filter((r) => r.kind !== 'api' && r.kind !== 'other');

async function scrollToFirst(page: Page) {
  const first = page.locator(MESSAGE_SELECTOR).filter({ hasText: numbered(1) });
  // The wheel goes where the pointer is: over the message list (or, failing that, its newest item).
  const list = page.getByRole('region', { name: 'Messages' });
  const box =
    (await list.count()) === 1 ? await list.boundingBox() : await page.locator(MESSAGE_SELECTOR).last().boundingBox();
  if (!box) throw new BenchError('The message list has no box on screen');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.evaluate(startScrollProbe);
  const started = Date.now();
  let steps = 0;
  for (;;) {
    await page.mouse.wheel(0, -WHEEL_STEP_PX);
    await page.evaluate(nextFrame);
    steps += 1;
    if (steps % 5 === 0 && (await first.isVisible())) break;
    if (Date.now() - started > SCROLL_LIMIT_MS) {
      await page.evaluate(stopScrollProbe);
      throw new BenchError(`The first message did not show after ${SCROLL_LIMIT_MS / 1000} s of scrolling up`);
    }
  }
  const seconds = (Date.now() - started) / 1000;
  const sample = await page.evaluate(stopScrollProbe);
  const gaps = sample.frames.slice(1).map((t, i) => t - sample.frames[i]!);
  const duration = (sample.frames.at(-1)! - sample.frames[0]!) / 1000;
  const sortedGaps = [...gaps].sort((a, b) => a - b);
  return {
    steps,
    seconds,
    fps: gaps.length / duration,
    frameP50: percentile(sortedGaps, 50),
    frameP95: percentile(sortedGaps, 95),
    frameMax: sortedGaps.at(-1) ?? 0,
    longTasks: sample.longTasks.length,
    longestTask: Math.max(0, ...sample.longTasks),
    domItems: await page.locator(MESSAGE_SELECTOR).count(),
  };
}

async function main() {
  if (needsBuild(WEB_DIST)) {
    console.log('Building the web client...');
    const build = spawnSync('npm', ['run', 'build', '-w', '@hearth/web'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new BenchError('The web build failed');
  }
  const sizes = initialSizes(WEB_DIST);

  console.log(`Starting a server and seeding ${MESSAGES} messages...`);
  const server = await startServer(1_000);
  let browser: Browser | undefined;
  try {
    const { reader, groupId, channelId } = await seed(server);
    await seedGifs(server, reader.access_token);
    console.log(`Uploading ${CUSTOM_EMOJI} custom emoji...`);
    await seedCustomEmoji(server);
    const signedIn: SignedIn = {
      accessToken: reader.access_token,
      refreshToken: reader.refresh_token,
      user: reader.user,
      navigation: { groupId, channelId },
      messageSelector: MESSAGE_SELECTOR,
    };
    ensureChromium();
    browser = await chromium.launch({ ...CHROMIUM_LAUNCH_OPTIONS, headless: true });

    console.log('Opening the channel with an empty cache, then again with the cache kept...');
    const visits = await measureVisits(browser, server, signedIn);
    console.log(`First visit:\n${describe(visits.first)}\nRepeat visit:\n${describe(visits.repeat)}`);
    const firstJs = sum(visits.first, 'script');
    const repeatClient = sum(clientFiles(visits.repeat));
    const jsEncodings = [...new Set(visits.first.filter((r) => r.kind === 'script').map((r) => r.encoding ?? 'none'))];
    const fromCache = clientFiles(visits.repeat).filter((r) => r.fromCache).length;
    const revalidated = clientFiles(visits.repeat).filter((r) => r.status === 304).length;

    console.log(`Opening the channel ${PAINT_RUNS + 1} times (the first warms the server up)...`);
    const paints: FirstPaint[] = [];
    for (let run = 0; run <= PAINT_RUNS; run++) {
      const opened = await openChannel(browser, server, signedIn);
      if (run > 0) paints.push(opened.paint);
      await opened.close();
    }
    const painted = paints.map((p) => p.paintedMs).sort((a, b) => a - b);
    const paintMedian = percentile(painted, 50);

    console.log(`Scrolling back through ${MESSAGES} messages...`);
    const opened = await openChannel(browser, server, signedIn);
    const scroll = await scrollToFirst(opened.page);
    await opened.close();

    console.log(`Opening the GIF picker ${GIF_RUNS + 1} times (the first warms the server up)...`);
    const gifs = await measureGifPicker(WEB_DIST, sizes, () => openChannel(browser!, server, signedIn));

    console.log(`Opening the emoji picker ${EMOJI_RUNS + 1} times (the first warms the server up)...`);
    const emoji = await measureEmojiPicker(WEB_DIST, sizes, () => openChannel(browser!, server, signedIn));

    const rows = [
      [
        'Initial JS, gzip',
        `${kb(total(sizes.jsGzip))} (${sizes.js.length} file${sizes.js.length === 1 ? '' : 's'}, ${kb(total(sizes.js))} on disk)`,
        `≤ ${TARGET.initialJsGzipKb} KB`,
        verdict(total(sizes.jsGzip) <= TARGET.initialJsGzipKb * 1024),
      ],
      ['First visit: JS received', `${kb(firstJs)} (encoding: ${jsEncodings.join(', ')})`, '', ''],
      ['First visit: CSS received', `${kb(sum(visits.first, 'stylesheet'))} (${kb(total(sizes.css))} on disk)`, '', ''],
      ['First visit: all received', breakdown(visits.first), '', ''],
      [
        'Repeat visit: client files received',
        `${kb(repeatClient)} (${revalidated} revalidated with a 304, ${fromCache} from the cache)`,
        `≤ ${TARGET.repeatVisitClientKb} KB`,
        verdict(repeatClient <= TARGET.repeatVisitClientKb * 1024),
      ],
      ['Repeat visit: all received', breakdown(visits.repeat), '', ''],
      [
        'First message painted',
        `${ms(paintMedian)} median of ${PAINT_RUNS} (${ms(painted[0]!)}–${ms(painted.at(-1)!)})`,
        `≤ ${TARGET.firstPaintMs} ms`,
        verdict(paintMedian <= TARGET.firstPaintMs),
      ],
      [
        'Scrolling: frame rate',
        `${scroll.fps.toFixed(1)} fps; frame p50 ${ms(scroll.frameP50)}, p95 ${ms(scroll.frameP95)}, max ${ms(scroll.frameMax)}`,
        '',
        '',
      ],
      [
        'Scrolling: long tasks',
        scroll.longTasks === 0 ? 'none' : `${scroll.longTasks}, longest ${ms(scroll.longestTask)}`,
        `none over ${TARGET.longTaskMs} ms`,
        verdict(scroll.longTasks === 0),
      ],
    ];
    const header = RESULTS_HEADER;
    console.log(`\n${table(header, rows).replaceAll('**', '')}\n`);
    console.log(
      `Scrolled ${MESSAGES} messages in ${scroll.seconds.toFixed(1)} s (${scroll.steps} wheel steps of ${WHEEL_STEP_PX} px); ` +
        `${scroll.domItems} message items in the DOM at the end.`,
    );

    const doc = path.join(ROOT, 'docs/performance.md');
    writeSection(
      doc,
      [
        `Measured ${DATE} on ${MACHINE} with \`npm run bench:web\`: production build of \`apps/web\`, Hearth on its`,
        `embedded PostgreSQL, Debian Chromium headless (no GPU) at 1280×800, one channel seeded with`,
        `${MESSAGES.toLocaleString('en')} messages from three authors: reactions on every fourth, a photo (1600 × 1200 JPEG,`,
        `shown through its preview) on every tenth, a video link on every 50th and a GIF link on every 60th.`,
        '',
        table(header, rows),
        '',
        `- **Received**: bytes the browser received over the network (Chromium's \`Network.loadingFinished\``,
        `  encodedDataLength: status line, headers and body as sent, so compressed when sent compressed; 0 for`,
        `  a cache hit), from navigation until the channel showed its messages and the network was quiet. The`,
        `  live connection's frames are not counted. First visit: a signed-in visitor with an empty cache opens`,
        `  the channel. Repeat visit: the same again in a new tab of the same browser context, cache kept.`,
        `  "Client files" are index.html, scripts and style sheets; "on disk" is the built file uncompressed.`,
        `- **First message painted**: a signed-in visitor (tokens in localStorage) opens the channel; time from`,
        `  navigation start to the first frame painted with a message item in it, fresh browser context each`,
        `  time (cold browser cache, warm server); ${PAINT_RUNS} runs after one warm-up.`,
        `- **Scrolling**: mouse-wheel steps of ${WHEEL_STEP_PX} px, one per frame, from the newest message back to the`,
        `  first (${scroll.steps} steps, ${scroll.seconds.toFixed(1)} s, older pages loaded on the way); frame rate from`,
        `  \`requestAnimationFrame\`, long tasks from the \`longtask\` PerformanceObserver.`,
      ].join('\n'),
      '## Web client',
    );
    console.log(`Wrote the "Web client" section of ${path.relative(ROOT, doc)}`);

    const gifMedian = percentile(gifs.hovered, 50);
    const range = (v: number[]) => `${ms(percentile(v, 50))} median of ${GIF_RUNS} (${ms(v[0]!)}–${ms(v.at(-1)!)})`;
    const gifRows = [
      [
        `First page shown, first opening, pointer on the button ${HOVER_MS} ms first`,
        range(gifs.hovered),
        `≤ ${GIF_TARGET_MS} ms`,
        verdict(gifMedian <= GIF_TARGET_MS),
      ],
      [
        'First page shown, first opening, tapped (no pointer first)',
        range(gifs.tapped),
        `≤ ${GIF_TARGET_MS} ms`,
        verdict(percentile(gifs.tapped, 50) <= GIF_TARGET_MS),
      ],
      ['First page shown, opened again', range(gifs.again), '', ''],
      [
        'Picker in the initial JS',
        gifs.inInitialJs ? 'yes' : `no: its own chunk, ${kb(gifs.chunkGzip)} gzip (script and CSS)`,
        'no (lazy)',
        verdict(!gifs.inInitialJs),
      ],
      ['Initial JS, gzip', kb(total(sizes.jsGzip)), '', ''],
    ];
    console.log(`\n${table(header, gifRows).replaceAll('**', '')}\n`);
    writeSection(
      doc,
      [
        `Measured ${DATE} on ${MACHINE} with \`npm run bench:web\`, in the same run and browser as the Web client`,
        `section: the server has no GIPHY key, so the picker's Trending tab is the built-in provider's, the`,
        `${GIFS} GIFs uploaded for the run (200 × 150, 4 frames, about 1 KB each).`,
        '',
        table(header, gifRows),
        '',
        `- **First page shown**: in the channel, a click on the composer's GIF button, until the frame with`,
        `  all 15 pictures of Trending's first page decoded had been painted (\`requestAnimationFrame\` then a`,
        `  task). First opening: a fresh browser context each time (${GIF_RUNS} runs of each kind after one`,
        `  warm-up), the click once the page is idle (network quiet, then an idle callback), as a person reads`,
        `  the channel first; the picker's chunk and style sheet are fetched when the page is idle,`,
        `  \`/gif/trending\`, \`/gif/favorites\`, \`/gif/provider\` and the GIFs when the pointer comes onto the`,
        `  button or focus reaches it (not at idle: each would be a call to the GIF provider on every page`,
        `  load). Pointer on the button first: it rests there ${HOVER_MS} ms, as a person's does on its way to a`,
        `  click, before the timed click. Tapped: no pointer first (a tap on a phone), so the answers and`,
        `  pictures are fetched after the tap.`,
        `  Opened again: Escape, then the button once more in the same page (all cached).`,
        `- **Initial JS**: the scripts index.html loads; the picker's code is not among them (checked by a`,
        `  text only the picker holds), and its chunk is fetched once the page is idle.`,
      ].join('\n'),
      '## GIF picker',
    );
    console.log(`Wrote the "GIF picker" section of ${path.relative(ROOT, doc)}`);

    const emojiMedian = percentile(emoji.hovered, 50);
    const emojiRange = (v: number[]) =>
      `${ms(percentile(v, 50))} median of ${EMOJI_RUNS} (${ms(v[0]!)}–${ms(v.at(-1)!)})`;
    const emojiRows = [
      [
        `Grid shown, first opening, pointer on the button ${HOVER_MS} ms first`,
        emojiRange(emoji.hovered),
        `≤ ${EMOJI_TARGET_MS} ms`,
        verdict(emojiMedian <= EMOJI_TARGET_MS),
      ],
      [
        'Grid shown, first opening, tapped (no pointer first)',
        emojiRange(emoji.tapped),
        `≤ ${EMOJI_TARGET_MS} ms`,
        verdict(percentile(emoji.tapped, 50) <= EMOJI_TARGET_MS),
      ],
      [
        'Grid shown, opened again',
        emojiRange(emoji.again),
        `≤ ${EMOJI_TARGET_MS} ms`,
        verdict(percentile(emoji.again, 50) <= EMOJI_TARGET_MS),
      ],
      [
        'Emoji offered (All tab)',
        `${emoji.total.toLocaleString('en')}; ${emoji.cells} cells in the page`,
        '3,000+',
        verdict(emoji.total >= 3000),
      ],
      [
        'Picker in the initial JS',
        emoji.inInitialJs ? 'yes' : `no: its own chunk, ${kb(emoji.chunkGzip)} gzip (script and CSS)`,
        'no (lazy)',
        verdict(!emoji.inInitialJs),
      ],
      ['Initial JS, gzip', kb(total(sizes.jsGzip)), '', ''],
    ];
    console.log(`\n${table(header, emojiRows).replaceAll('**', '')}\n`);
    writeSection(
      doc,
      [
        `Measured ${DATE} on ${MACHINE} with \`npm run bench:web\`, in the same run and browser as the Web client`,
        `section: the standard set plus ${CUSTOM_EMOJI.toLocaleString('en')} public custom emoji (32 × 32, one in ten NSFW)`,
        `uploaded by other people for the run.`,
        '',
        table(header, emojiRows),
        '',
        `- **Grid shown**: in the channel, a click on the composer's emoji button, until the frame with the`,
        `  grid's first rows, custom pictures included, had been painted (\`requestAnimationFrame\` then a`,
        `  task). First opening: a fresh browser context each time (${EMOJI_RUNS} runs of each kind after one`,
        `  warm-up), the click once the page is idle (network quiet, then an idle callback), as a person reads`,
        `  the channel first; the picker's chunk and style sheet, the emoji data and both custom emoji lists`,
        `  are fetched when the page is idle (the lists are the ones messages need for \`:name:\` anyway).`,
        `  Pointer on the button first: it rests there ${HOVER_MS} ms before the timed click. Tapped: no`,
        `  pointer first (a tap on a phone). Opened again: Escape, then the button once more in the same page`,
        `  (lists cached for 5 minutes).`,
        `- **Cells in the page**: the grid is virtualised (react-virtuoso), so only the rows in view are drawn.`,
        `- **Initial JS**: the picker's code is not in the scripts index.html loads (checked by a text only the`,
        `  picker holds).`,
      ].join('\n'),
      '## Emoji picker',
    );
    console.log(`Wrote the "Emoji picker" section of ${path.relative(ROOT, doc)}`);
  } finally {
    await browser?.close();
    await server.stop();
  }
}

main().catch((err: unknown) => {
  if (err instanceof BenchError) console.error(`bench:web: ${err.message}`);
  else console.error(err);
  process.exit(1);
});
