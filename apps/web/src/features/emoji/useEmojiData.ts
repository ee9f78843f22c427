import { useCallback, useEffect, useState } from 'react';
import { loadEmojiData, type EmojiData } from './emoji-data';

export type EmojiDataState = { status: 'loading' } | { status: 'ready'; data: EmojiData } | { status: 'failed' };

/** The standard emoji set, loading on first use; a failed load can be retried. */
export function useEmojiData(): [EmojiDataState, () => void] {
  const [state, setState] = useState<EmojiDataState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    loadEmojiData().then(
      (data) => live && setState({ status: 'ready', data }),
      () => live && setState({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [attempt]);
  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  return [state, retry];
}
