import { useEffect, useState } from 'react';

/** A duration as mm:ss (minutes keep counting past 59, as a call's timer does). */
export const mmss = (ms: number): string => {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
};

/**
 * Spec 2 §4: the call timer ticks every second while connected. Shared by the call box and the DM
 * call banner, so both show the same second.
 */
export function useCallTimer(since: number | null): string {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (since === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [since]);
  return since === null ? '00:00' : mmss(now - since);
}
