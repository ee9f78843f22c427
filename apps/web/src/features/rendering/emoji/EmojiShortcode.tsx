import { useEffect, useSyncExternalStore } from 'react';
import { emojiRegistry } from './registry';

/** `:name:` as its emoji once known; as the text itself while the data loads or when unknown. */
export function EmojiShortcode({ name }: { name: string }) {
  useSyncExternalStore(emojiRegistry.subscribe, emojiRegistry.getVersion);
  const label = `:${name}:`;
  const render = emojiRegistry.resolve(name);
  useEffect(() => {
    // Custom emoji win over standard ones, so they are wanted even when the standard set knows the name.
    emojiRegistry.wantCustom();
    if (!render) void emojiRegistry.loadStandard();
  }, [render]);
  return render ? render(label) : label;
}
