/**
 * A benchmark parameter: the --flag, else the environment variable, else the default; it must be a
 * positive number.
 */
export function positiveParam(flag: string | undefined, env: string, fallback: number): number {
  const raw = flag ?? process.env[env];
  const n = raw === undefined || raw === '' ? fallback : Number(raw);
  const name = env.slice(env.indexOf('_') + 1).toLowerCase();
  if (!(n > 0)) throw new Error(`${env} / --${name} must be a positive number`);
  return n;
}
