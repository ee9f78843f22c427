/**
 * What `promise` resolves to, or `fallback` once `ms` have passed without an answer: for probes and
 * scrapes that must answer in time whatever the database does. The timer never outlives the answer.
 */
export async function withinTime<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => (timer = setTimeout(() => resolve(fallback), ms)));
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}
