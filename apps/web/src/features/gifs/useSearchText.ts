import { useEffect, useState } from 'react';
import { GIF_SEARCH_DEBOUNCE_MS } from '@hearth/protocol/gif-rules';

/**
 * The search box's text and the text searched for: typing is searched 500 ms after it stops
 * (spec 1 §5, §9); a quick-search chip is a deliberate choice and is searched at once.
 */
export function useSearchText() {
  const [text, setText] = useState('');
  const [searched, setSearched] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearched(text), GIF_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return {
    text,
    searched,
    type: setText,
    choose: (chosen: string) => {
      setText(chosen);
      setSearched(chosen);
    },
  };
}
