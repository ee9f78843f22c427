/**
 * The status changes of bench:presence, in a process of their own so their requests never share an
 * event loop with the load client that times message deliveries. Reads the tokens from
 * CHURN_TOKENS_FILE, starts on SIGUSR2, makes CHURN_RATE changes per second (each user in turn
 * switching between Busy and Online), and on SIGINT writes how many it made and how many failed to
 * CHURN_RESULT_FILE.
 */
import { readFileSync, writeFileSync } from 'node:fs';

const base = process.env.CHURN_BASE!;
const rate = Number(process.env.CHURN_RATE);
const tokens = JSON.parse(readFileSync(process.env.CHURN_TOKENS_FILE!, 'utf8')) as string[];
let next = 0;
let made = 0;
let failed = 0;
let timer: NodeJS.Timeout | null = null;

function flip(): void {
  const i = next++;
  const status = Math.floor(i / tokens.length) % 2 === 0 ? 'busy' : 'online';
  fetch(`${base}/api/user/presence`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[i % tokens.length]}` },
    body: JSON.stringify({ status, is_manual: true }),
  })
    .then(async (res) => {
      await res.arrayBuffer();
      if (res.ok) made++;
      else failed++;
    })
    .catch(() => void failed++);
}

process.on('SIGUSR2', () => {
  timer ??= setInterval(flip, 1000 / rate);
});
process.on('SIGINT', () => {
  if (timer) clearInterval(timer);
  // Answers still on their way count as made: they were sent inside the window.
  setTimeout(() => {
    writeFileSync(process.env.CHURN_RESULT_FILE!, JSON.stringify({ made, failed }));
    process.exit(0);
  }, 500);
});
console.log('ready');
setInterval(() => undefined, 60_000);
