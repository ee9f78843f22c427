/**
 * Direct-message benchmark: `npm run bench:dm [-- --pairs 250 --rate 250 --channel-rate 100 --seconds 20]`.
 *
 * Starts Hearth (embedded PostgreSQL, fresh data folder), makes 2 × P users into P pairs of friends,
 * connects them all, and has every pair chat at once: R direct messages/s in total, each user sending
 * in turn to their friend. Every delivery (the recipient's and the sender's own echo) is timed. Then,
 * with the same clients connected, it runs the usual channel load (C messages/s in #general, which
 * every client receives) and prints both, so a direct message can be compared with a channel message
 * under the same conditions. Target: the DM p99 is no worse than the channel p99.
 */
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { runLoad, type LoadResult } from '../fanout/load.js';
import { post, RATE_LIMIT_SCALE, registerUsers, runBenchmark, withHearth } from '../fanout/hearth.js';
import { positiveParam } from '../params.js';

interface Params {
  pairs: number;
  rate: number;
  channelRate: number;
  seconds: number;
}

function readParams(): Params {
  const { values } = parseArgs({
    options: {
      pairs: { type: 'string' },
      rate: { type: 'string' },
      'channel-rate': { type: 'string' },
      seconds: { type: 'string' },
    },
  });
  return {
    pairs: Math.round(positiveParam(values.pairs, 'DM_PAIRS', 250)),
    rate: positiveParam(values.rate, 'DM_RATE', 250),
    channelRate: positiveParam(values['channel-rate'], 'DM_CHANNEL', 100),
    seconds: positiveParam(values.seconds, 'DM_SECONDS', 20),
  };
}

const log = (line: string) => console.log(line);
const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : 'n/a');

async function run(p: Params): Promise<{ dm: LoadResult; channel: LoadResult }> {
  return withHearth(log, async ({ base, wsUrl, general }) => {
    const users = await registerUsers(base, p.pairs * 2, 'dm', log);
    // Pair i is users 2i and 2i+1: one asks, the other accepts.
    for (let i = 0; i < p.pairs; i++) {
      const [a, b] = [users[2 * i]!, users[2 * i + 1]!];
      const asked = await post<{ friendship_id: number }>(
        `${base}/api/friends/request`,
        { username: b.user.username },
        a.access_token,
      );
      await post(`${base}/api/friends/${asked.friendship_id}/accept`, {}, b.access_token);
    }
    log(`  ${p.pairs} pairs of friends made`);
    const tokens = users.map((u) => u.access_token);
    const partner = (i: number) => users[i % 2 === 0 ? i + 1 : i - 1]!.user.id;
    log(`Direct messages: ${p.pairs} pairs, ${p.rate} msg/s in total, ${p.seconds} s`);
    const dm = await runLoad(
      {
        wsUrl,
        tokens,
        channelId: 0,
        senders: tokens.length,
        rate: p.rate,
        seconds: p.seconds,
        recipientsPerMessage: 2,
        makeFrame: (sender, content, k) =>
          `{"type":"direct_message","recipient_id":${partner(sender)},"content":"${content}","nonce":"d${k}-${content.slice(2, 16)}"}`,
      },
      log,
    );
    log(`Channel messages: ${tokens.length} clients in #general, ${p.channelRate} msg/s in total, ${p.seconds} s`);
    const channel = await runLoad(
      { wsUrl, tokens, channelId: general.id, senders: 25, rate: p.channelRate, seconds: p.seconds },
      log,
    );
    return { dm, channel };
  });
}

function report(p: Params, { dm, channel }: { dm: LoadResult; channel: LoadResult }): void {
  const cpu = cpus();
  const row = (name: string, r: LoadResult) =>
    `| ${name} | ${r.sent} | ${r.deliveredPerSec.toFixed(0)} | ${ms(r.latencyMs.p50)} | ${ms(r.latencyMs.p95)} | ` +
    `${ms(r.latencyMs.p99)} | ${ms(r.latencyMs.max)} | ${r.sendErrors} / ${r.errorFrames} / ${r.unexpectedCloses} / ${r.missing} |`;
  log('');
  log(`Machine: ${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}`);
  log('');
  log('| | messages | deliveries/s | p50 ms | p95 ms | p99 ms | max ms | errors: send / frames / closes / missing |');
  log('|---|---:|---:|---:|---:|---:|---:|---|');
  log(row(`direct messages (${p.pairs} pairs, ${p.rate}/s)`, dm));
  log(row(`#general (${p.pairs * 2} clients, ${p.channelRate}/s)`, channel));
  for (const e of [...dm.firstErrors, ...channel.firstErrors]) log(`  first errors: ${e.slice(0, 200)}`);
  log('');
  log(`Hearth ran with RATE_LIMIT_SCALE=${RATE_LIMIT_SCALE}. Parameters: --pairs --rate --channel-rate --seconds.`);
  const ok = dm.latencyMs.p99 <= channel.latencyMs.p99 && dm.missing === 0;
  log(
    `Target: a direct message arrives as fast as a channel message (DM p99 <= channel p99, none missing): ${ok ? 'met' : 'MISSED'}`,
  );
}

await runBenchmark(async () => {
  const p = readParams();
  report(p, await run(p));
});
