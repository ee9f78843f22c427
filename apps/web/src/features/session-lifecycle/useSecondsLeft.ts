import { useEffect, useState } from 'react';

const secondsUntil = (at: number) => Math.max(0, Math.ceil((at - Date.now()) / 1000));

/** Whole seconds until `at`, rounded up (8 at the start of an 8 s countdown), kept current. */
export function useSecondsLeft(at: number): number {
  const [seconds, setSeconds] = useState(() => secondsUntil(at));
  useEffect(() => {
    setSeconds(secondsUntil(at));
    // A quarter second, so the number never lags a whole second behind the clock.
    const tick = setInterval(() => setSeconds(secondsUntil(at)), 250);
    return () => clearInterval(tick);
  }, [at]);
  return seconds;
}
