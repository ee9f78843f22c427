import { loadConfig, type Config } from './config.js';
import { startApp } from './app.js';
import { createLogger } from './logging/logger.js';
import { bridgeConsole } from './logging/console-bridge.js';

/**
 * The process's exit status is honest, so a supervisor knows when to restart it: 0 only after a
 * requested stop (a signal) that went cleanly, 1 when it could not start or stopped on an error.
 */
// Kept before the console goes into the JSON log, for the plain line of a failed start.
const say = console.error.bind(console);
let config: Config;
try {
  config = loadConfig();
} catch (err) {
  fail('Hearth has a bad setting', err);
}
// From here on everything the process says is a JSON line of one logger (a bad setting above is
// said plainly: there is no logger without the settings).
const log = createLogger(config.logLevel);
bridgeConsole(log);
const app = await startApp(config, log).catch((err: unknown) => fail('Hearth failed to start', err));

/**
 * Time kept for stopping the rest (the database pool, Redis, an embedded PostgreSQL) after a drain
 * that used up its time, so the whole stop still ends within SHUTDOWN_GRACE_MS.
 */
const CLOSE_RESERVE_MS = 5_000;

let stopping = false;
/**
 * Stops the server. `drain` (SIGTERM, how supervisors and rolling restarts stop a node) first takes
 * it out of service gently: see RunningApp.drain. SIGINT (Ctrl-C, someone at a terminal) and errors
 * stop at once; live clients are still told to resume elsewhere.
 */
async function shutdown(code: number, drain = false): Promise<never> {
  if (!stopping) {
    stopping = true;
    const deadline = Date.now() + config.shutdownGraceMs;
    // A shutdown that hangs must not keep a supervisor from restarting the server.
    setTimeout(() => process.exit(code || 1), config.shutdownGraceMs).unref();
    const clean = await (drain ? app.drain(deadline - CLOSE_RESERVE_MS) : Promise.resolve())
      .then(() => app.close())
      .then(
        () => true,
        () => false,
      );
    process.exit(clean ? code : 1);
  }
  process.exit(code);
}

void app.failed.then((reason) => {
  if (stopping) return; // what stops during a requested stop is expected to
  console.error(`Hearth is stopping: ${reason}.`);
  void shutdown(1);
});
process.on('SIGTERM', () => void shutdown(0, true));
for (const signal of ['SIGINT', 'SIGHUP'] as const) process.on(signal, () => void shutdown(0));
// An error nothing handled leaves the server in an unknown state: say what it was, stop cleanly, and exit 1.
for (const event of ['uncaughtException', 'unhandledRejection'] as const) {
  process.on(event, (err: unknown) => {
    console.error(`Hearth stopped on an unexpected error:`, err);
    void shutdown(1);
  });
}

// Said last, once every handler is in place: whoever waits for this line may signal at once.
console.log(
  `Hearth is running on http://localhost:${config.port} (${app.database}, ${config.redisUrl ? 'Redis' : 'in-process'} event bus)`,
);

/**
 * One line saying what went wrong and what to do: no stack trace for a start-up failure. Plain text on
 * stderr, not a JSON line: the process ends here, and whoever started it reads this line first.
 */
function fail(what: string, err: unknown): never {
  say(`${what}: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
