/**
 * The requests of bench:presence, in a process of their own so they never share an event loop with
 * the load client that times message deliveries. Reads the tokens from CHURN_TOKENS_FILE and makes
 * CHURN_RATE requests per second, each user in turn, while switched on: SIGUSR2 switches status
 * changes on or off (PUT /user/presence, switching between Busy and Online), SIGHUP switches reads
 * on or off (GET /user/presence: the same authentication and a query, but nothing changes). On SIGINT
 * it writes how many of each it made and how many failed to CHURN_RESULT_FILE.
 */
import { readFileSync, writeFileSync } from 'node:fs';

const base = process.env.CHURN_BASE!;
const rate = Number(process.env.CHURN_RATE);
const tokens = JSON.parse(readFileSync(process.env.CHURN_TOKENS_FILE!, 'utf8')) as string[];
let next = 0;
const counts = { changes: 0, reads: 0, failed: 0 };
let timer: NodeJS.Timeout | null = null;

function request(kind: 'changes' | 'reads'): void {
  const i = next++;
  const status = Math.floor(i / tokens.length) % 2 === 0 ? 'busy' : 'online';
  const change = kind === 'changes';
  fetch(`${base}/api/user/presence`, {
    method: change ? 'PUT' : 'GET',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[i % tokens.length]}` },
    body: change ? JSON.stringify({ status, is_manual: true }) : undefined,
  })
    .then(async (res) => {
      await res.arrayBuffer();
      if (res.ok) counts[kind]++;
      else counts.failed++;
    })
    .catch(() => void counts.failed++);
}

const toggle = (kind: 'changes' | 'reads') => () => {
  if (timer) {
    clearInterval(timer);
    timer = null;
  } else timer = setInterval(() => request(kind), 1000 / rate);
};
process.on('SIGUSR2', toggle('changes'));
process.on('SIGHUP', toggle('reads'));
process.on('SIGINT', () => {
  if (timer) clearInterval(timer);
  // Answers still on their way count: they were sent inside the window.
  setTimeout(() => {
    writeFileSync(process.env.CHURN_RESULT_FILE!, JSON.stringify(counts));
    process.exit(0);
  }, 500);
});
console.log('ready');
setInterval(() => undefined, 60_000);
