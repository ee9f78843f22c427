/*
 * Slash commands (spec 1 §3, §5): the registry and the parser, written without zod so the web
 * client's composer can use them without the schemas.
 */

export interface SlashSubcommand {
  name: string;
  description: string;
  adminOnly: boolean;
}

export interface SlashCommand {
  base: string;
  subcommands: SlashSubcommand[];
}

/** Every command the composer understands. GET /commands answers this list. */
export const SLASH_COMMANDS: readonly SlashCommand[] = [
  {
    base: 'guardian',
    subcommands: [
      {
        name: 'announce',
        description: 'Guardian posts an announcement: /guardian announce [#channel] message',
        adminOnly: true,
      },
      { name: 'hugme', description: 'Guardian sends you a hug', adminOnly: false },
    ],
  },
];

export const COMMAND_TEXT = {
  errorTitle: 'Command Error',
  disabledTitle: 'Command Disabled',
  needsSubcommand: 'Command requires subcommand',
  unknownSubcommand: (base: string, name: string) => `Unknown ${base} command: ${name}`,
  unsupported: (command: string) => `Unsupported command: ${command}`,
  announceNeedsMessage: 'Announce command requires a message',
  hugTakesNoArguments: 'The hugme command takes no arguments',
  notInDirectMessages: 'Guardian commands are not allowed in direct messages',
  noPermission: 'You do not have permission to run this command',
  announceSent: 'Guardian announcement sent',
  hugSent: 'Guardian hug sent',
  announceFailed: 'Failed to send guardian announcement',
  hugFailed: 'Failed to send guardian hug',
  sendFailedTitle: 'Send Failed',
  networkErrorTitle: 'Network Error',
} as const;

export type ParsedCommand =
  | { ok: true; kind: 'announce'; channelName: string | null; message: string }
  | { ok: true; kind: 'hugme' }
  | { ok: false; title: string; error: string };

/** Whether composer text is a command rather than a message. */
export const isCommandText = (text: string) => text.trimStart().startsWith('/');

/**
 * Reads `/base subcommand arguments`. Announce takes an optional `#channel` first, then the message
 * (which keeps its own spacing and lines); hugme takes nothing.
 */
export function parseCommand(text: string): ParsedCommand {
  const trimmed = text.trim();
  const match = /^\/(\S*)(?:\s+(\S+))?(?:\s+([\s\S]*))?$/.exec(trimmed);
  const base = match?.[1] ?? '';
  const sub = match?.[2];
  const rest = match?.[3]?.trim() ?? '';
  const error = (message: string): ParsedCommand => ({ ok: false, title: COMMAND_TEXT.errorTitle, error: message });
  const command = SLASH_COMMANDS.find((c) => c.base === base.toLowerCase());
  if (!command) return error(COMMAND_TEXT.unsupported(`/${base}`));
  if (!sub) return error(COMMAND_TEXT.needsSubcommand);
  switch (sub.toLowerCase()) {
    case 'announce': {
      const channel = /^#(\S+)(?:\s+([\s\S]*))?$/.exec(rest);
      const message = (channel ? (channel[2] ?? '') : rest).trim();
      if (!message) return error(COMMAND_TEXT.announceNeedsMessage);
      return { ok: true, kind: 'announce', channelName: channel ? channel[1]! : null, message };
    }
    case 'hugme':
      if (rest) return error(COMMAND_TEXT.hugTakesNoArguments);
      return { ok: true, kind: 'hugme' };
    default:
      return error(COMMAND_TEXT.unknownSubcommand(command.base, sub));
  }
}

/** Suggestions for what is typed so far: `/g` lists `/guardian …`; admin-only ones only for admins. */
export function commandSuggestions(text: string, isAdmin: boolean): { command: string; description: string }[] {
  const typed = text.trimStart();
  if (!typed.startsWith('/') || /\s\S+\s/.test(typed)) return [];
  const [base = '', sub] = typed.slice(1).split(/\s+/);
  const out: { command: string; description: string }[] = [];
  for (const c of SLASH_COMMANDS) {
    if (!c.base.startsWith(base.toLowerCase()) && base.toLowerCase() !== c.base) continue;
    for (const s of c.subcommands) {
      if (s.adminOnly && !isAdmin) continue;
      if (sub !== undefined && !s.name.startsWith(sub.toLowerCase())) continue;
      out.push({ command: `/${c.base} ${s.name}`, description: s.description });
    }
  }
  return out;
}
