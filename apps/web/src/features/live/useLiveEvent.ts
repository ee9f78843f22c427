import { useEffect, useRef } from 'react';
import { useServices } from '../../app/services';

/** Calls handler for every live event of the given types (the latest handler, without resubscribing). */
export function useLiveEvent<T = unknown>(types: readonly string[], handler: (type: string, data: T) => void) {
  const { live } = useServices();
  const ref = useRef(handler);
  ref.current = handler;
  const key = types.join(',');
  useEffect(() => {
    const wanted = new Set(key.split(','));
    return live.subscribe((signal) => {
      if (signal.kind === 'frame' && wanted.has(signal.frame.type))
        ref.current(signal.frame.type, signal.frame.data as T);
    });
  }, [live, key]);
}
