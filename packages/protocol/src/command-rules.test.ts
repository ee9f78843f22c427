import { describe, expect, it } from 'vitest';
import { COMMAND_TEXT, commandSuggestions, parseCommand } from './command-rules.js';

describe('slash command parser', () => {
  it('reads announce with and without a channel, and hugme', () => {
    expect(parseCommand('/guardian announce Server restarts at noon')).toEqual({
      ok: true,
      kind: 'announce',
      channelName: null,
      message: 'Server restarts at noon',
    });
    expect(parseCommand('/guardian announce #general  Two\nlines')).toEqual({
      ok: true,
      kind: 'announce',
      channelName: 'general',
      message: 'Two\nlines',
    });
    expect(parseCommand('  /Guardian HugMe ')).toEqual({ ok: true, kind: 'hugme' });
  });

  it('answers mistakes with the spec texts under Command Error', () => {
    const fails = (text: string) => parseCommand(text) as { ok: false; title: string; error: string };
    expect(fails('/guardian')).toEqual({ ok: false, title: 'Command Error', error: 'Command requires subcommand' });
    expect(fails('/guardian dance').error).toBe('Unknown guardian command: dance');
    expect(fails('/shrug').error).toBe('Unsupported command: /shrug');
    expect(fails('/guardian announce').error).toBe(COMMAND_TEXT.announceNeedsMessage);
    expect(fails('/guardian announce #general').error).toBe(COMMAND_TEXT.announceNeedsMessage);
    expect(fails('/guardian hugme please').error).toBe(COMMAND_TEXT.hugTakesNoArguments);
  });

  it('suggests commands as they are typed, hiding admin-only ones from others', () => {
    expect(commandSuggestions('/gu', true).map((s) => s.command)).toEqual(['/guardian announce', '/guardian hugme']);
    expect(commandSuggestions('/gu', false).map((s) => s.command)).toEqual(['/guardian hugme']);
    expect(commandSuggestions('/guardian a', true).map((s) => s.command)).toEqual(['/guardian announce']);
    expect(commandSuggestions('/guardian announce hello', true)).toEqual([]);
    expect(commandSuggestions('hello /gu', true)).toEqual([]);
    expect(commandSuggestions('/x', true)).toEqual([]);
  });
});
