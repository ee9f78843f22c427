import { useCallback, useEffect, useRef, useState } from 'react';
import { playRingtone, type Ringtone } from '../../voice/ringtones';

export interface RingtonePlaying {
  id: string;
  /** A 3 s preview rather than the test loop. */
  preview: boolean;
}

/** One ringtone at a time for the tab: a preview for `forMs`, or a loop until stop; stopped on unmount. */
export function useRingtonePlayer() {
  const [playing, setPlaying] = useState<RingtonePlaying | null>(null);
  const current = useRef<{ stop(): void; timer?: ReturnType<typeof setTimeout> } | null>(null);

  const halt = useCallback(() => {
    const was = current.current;
    current.current = null;
    if (!was) return;
    clearTimeout(was.timer);
    was.stop();
  }, []);

  const stop = useCallback(() => {
    halt();
    setPlaying(null);
  }, [halt]);

  const play = useCallback(
    (tone: Ringtone, volume: number, forMs?: number) => {
      halt();
      try {
        const handle: { stop(): void; timer?: ReturnType<typeof setTimeout> } = playRingtone(tone, volume, forMs);
        current.current = handle;
        if (forMs !== undefined)
          handle.timer = setTimeout(() => {
            if (current.current !== handle) return;
            current.current = null;
            setPlaying(null);
          }, forMs);
        setPlaying({ id: tone.id, preview: forMs !== undefined });
      } catch {
        // Sound failures are silent (spec 2 §8).
        setPlaying(null);
      }
    },
    [halt],
  );

  useEffect(() => halt, [halt]);
  return { playing, play, stop };
}
