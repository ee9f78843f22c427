import { format } from 'node:util';
import type { Logger } from './logger.js';

/**
 * Sends what the server's parts write with console.* (start-up lines, the relay, mail, the bus) into
 * the JSON log, so the process's output is one stream of JSON lines an operator's collector can read.
 * The message text is as before, so whoever waits for a line ('Hearth is running on') still finds it.
 * An Error among the arguments becomes the line's `err`, with its stack.
 */
export function bridgeConsole(log: Logger): void {
  const bridge =
    (level: 'info' | 'warn' | 'error') =>
    (...args: unknown[]) => {
      const err = args.find((arg): arg is Error => arg instanceof Error);
      const rest = err ? args.filter((arg) => arg !== err) : args;
      const text = format(...rest);
      if (err) log[level]({ err }, text);
      else log[level](text);
    };
  console.log = bridge('info');
  console.warn = bridge('warn');
  console.error = bridge('error');
}
