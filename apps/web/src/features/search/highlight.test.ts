import { describe, expect, it } from 'vitest';
import { highlightParts } from './highlight';

describe('highlightParts', () => {
  it('marks whole words in any case, never inside a longer word', () => {
    expect(highlightParts('Run, run! rerun running', ['run'])).toEqual([
      { text: 'Run', marked: true },
      { text: ', ', marked: false },
      { text: 'run', marked: true },
      { text: '! rerun running', marked: false },
    ]);
  });

  it('marks accented words and leaves text without highlights whole', () => {
    expect(highlightParts('una canción bonita', ['canción'])).toEqual([
      { text: 'una ', marked: false },
      { text: 'canción', marked: true },
      { text: ' bonita', marked: false },
    ]);
    expect(highlightParts('plain', [])).toEqual([{ text: 'plain', marked: false }]);
    expect(highlightParts('a (b) c', ['(b)'])).toEqual([
      { text: 'a ', marked: false },
      { text: '(b)', marked: true },
      { text: ' c', marked: false },
    ]);
  });
});
