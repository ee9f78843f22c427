import { describe, expect, it } from 'vitest';
import { insertMention, mentionQueryAt } from './mention-query';

describe('the mention being typed', () => {
  it('opens after an @ at the start or after whitespace, until a space', () => {
    expect(mentionQueryAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionQueryAt('hi @al', 6)).toEqual({ start: 3, query: 'al' });
    expect(mentionQueryAt('line\n@bo', 8)).toEqual({ start: 5, query: 'bo' });
    expect(mentionQueryAt('mail me@home', 12)).toBeNull();
    expect(mentionQueryAt('@al ice', 7)).toBeNull();
    // The caret decides: in the middle of the text, what is before it counts.
    expect(mentionQueryAt('@al and more', 3)).toEqual({ start: 0, query: 'al' });
  });

  it('inserts the chosen name with a space after it and puts the caret there', () => {
    const at = mentionQueryAt('hi @al', 6)!;
    expect(insertMention('hi @al', at, 6, 'alice')).toEqual({ text: 'hi @alice ', caret: 10 });
    const middle = mentionQueryAt('@al see this', 3)!;
    expect(insertMention('@al see this', middle, 3, 'alice')).toEqual({ text: '@alice see this', caret: 7 });
  });
});
