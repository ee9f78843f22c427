import { forwardRef, type ReactNode } from 'react';
import type { WordAt } from './word-rules';

/**
 * A copy of the text box's text behind it, with the misspelt words underlined: a textarea cannot
 * style parts of its text, so the box is transparent over this layer, which has the same font,
 * padding and wrapping and scrolls with it. Hidden from assistive technology (the text box itself
 * is what is read); the words are announced through the menu instead.
 */
export const SpellBackdrop = forwardRef<
  HTMLDivElement,
  { text: string; misspelt: readonly WordAt[]; className?: string }
>(function SpellBackdrop({ text, misspelt, className }, ref) {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const w of [...misspelt].sort((a, b) => a.start - b.start)) {
    if (w.start < at) continue;
    parts.push(text.slice(at, w.start));
    parts.push(
      <mark key={w.start} data-misspelt="">
        {w.word}
      </mark>,
    );
    at = w.end;
  }
  parts.push(text.slice(at));
  // A trailing line break needs something after it to take up its line, as in the text box.
  parts.push('\u200b');
  return (
    <div ref={ref} className={className} aria-hidden="true">
      {parts}
    </div>
  );
});
