import { stopAllServerProcesses } from '@hearth/server/testing';

/**
 * Runs a benchmark whose own `finally` blocks clean up (its server, its data folder). Ctrl-C reaches
 * the process more than once (from the terminal and relayed by tsx): the servers are stopped once,
 * the run then fails on the stopped server, its finally blocks remove what it made, and the exit
 * code is 130; any other failure is printed, with exit code 1.
 */
export async function runMain(main: () => Promise<void>): Promise<void> {
  let interrupted = false;
  process.on('SIGINT', () => {
    if (interrupted) return;
    interrupted = true;
    void stopAllServerProcesses(5_000);
  });
  try {
    await main();
  } catch (err) {
    if (!interrupted) console.error(err);
    process.exitCode = interrupted ? 130 : 1;
  }
}
