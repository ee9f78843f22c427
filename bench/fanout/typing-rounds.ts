/**
 * The typing budget measured on one server: the same connected clients send messages window after
 * window, alternately without and with typists (A B B A, repeated), so that whatever the machine does
 * meanwhile falls on both sides alike. Comparing two separate runs, each with its own server start and
 * sign-ups, let the noise of a busy or slow machine be many times the 10 % in question.
 */
import { openLoad, percentile, type LoadResult } from './load.js';
import { registerUsers, withHearth } from './hearth.js';

/** The p99 of message latency with people typing is at most this multiple of the p99 without. */
export const TYPING_P99_BUDGET = 1.1;

export interface TypingRoundsParams {
  clients: number;
  senders: number;
  rate: number;
  seconds: number;
  typists: number;
  typingEveryMs: number;
  rounds: number;
}

export interface TypingRoundsResult {
  without: LoadResult[];
  withTypists: LoadResult[];
  /** Every latency of each side pooled, then the p99. */
  pooledP99: { without: number; withTypists: number };
}

function pooledP99(results: LoadResult[]): number {
  const total = results.reduce((n, r) => n + r.latencies.length, 0);
  const all = new Float64Array(total);
  let at = 0;
  for (const r of results) {
    all.set(r.latencies, at);
    at += r.latencies.length;
  }
  return percentile(all.sort(), 0.99);
}

export async function measureTypingRounds(
  p: TypingRoundsParams,
  log: (line: string) => void,
): Promise<TypingRoundsResult> {
  return withHearth(log, async ({ base, wsUrl, general }) => {
    const users = await registerUsers(base, p.clients, 'fan', log);
    const clients = await openLoad(
      {
        wsUrl,
        tokens: users.map((u) => u.access_token),
        channelId: general.id,
        senders: p.senders,
        rate: p.rate,
        seconds: p.seconds,
        typingEveryMs: p.typingEveryMs,
      },
      log,
    );
    try {
      // A first window is not counted: it ran many times slower than every later one (the server's
      // code and the database's caches still warming up), whichever side it was given to.
      const warmUp = await clients.measure({ typists: 0 });
      log(`  warm-up window, nobody typing: p99 ${warmUp.latencyMs.p99.toFixed(1)} ms (not counted)`);
      const without: LoadResult[] = [];
      const withTypists: LoadResult[] = [];
      for (let round = 0; round < p.rounds; round++) {
        // A B in even rounds, B A in odd ones, so neither side always comes first.
        const order = round % 2 === 0 ? [0, p.typists] : [p.typists, 0];
        for (const typists of order) {
          const result = await clients.measure({ typists });
          (typists ? withTypists : without).push(result);
          log(
            `  round ${round + 1}, ${typists ? `${typists} typing` : 'nobody typing'}: p99 ${result.latencyMs.p99.toFixed(1)} ms, ` +
              `${result.missing} missing, ${result.typingReceived} typing frames received`,
          );
        }
      }
      return { without, withTypists, pooledP99: { without: pooledP99(without), withTypists: pooledP99(withTypists) } };
    } finally {
      await clients.close();
    }
  });
}

/** Prints each side's pooled p99 and the budget's verdict. */
export function reportTypingRounds(p: TypingRoundsParams, r: TypingRoundsResult, log: (line: string) => void): void {
  const sum = (rs: LoadResult[], f: (x: LoadResult) => number) => rs.reduce((n, x) => n + f(x), 0);
  const row = (name: string, rs: LoadResult[], p99: number) =>
    `| ${name} | ${rs.map((x) => x.latencyMs.p99.toFixed(1)).join(', ')} | ${p99.toFixed(1)} | ` +
    `${sum(rs, (x) => x.missing)} | ${sum(rs, (x) => x.typingSent)} / ${sum(rs, (x) => x.typingReceived)} |`;
  log('');
  log(
    `Typing budget on Hearth: ${p.clients} clients, ${p.senders} senders, ${p.rate} msg/s, ${p.seconds} s a window, ` +
      `${p.rounds} rounds of one window without and one with ${p.typists} typists (every ${p.typingEveryMs / 1000} s)`,
  );
  log('');
  log('| | p99 of each window (ms) | pooled p99 (ms) | missing | typing frames sent / received |');
  log('|---|---|---:|---:|---:|');
  log(row('nobody typing', r.without, r.pooledP99.without));
  log(row(`${p.typists} typing`, r.withTypists, r.pooledP99.withTypists));
  const ratio = r.pooledP99.withTypists / r.pooledP99.without;
  log('');
  log(
    `Target p99 with typists <= ${TYPING_P99_BUDGET} x without: ${ratio <= TYPING_P99_BUDGET ? 'met' : 'MISSED'} ` +
      `(${ratio.toFixed(2)}x)`,
  );
}
