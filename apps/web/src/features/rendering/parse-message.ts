import { EVERYONE, type RichNode } from './ast';
import { resolveLink } from './link-policy';
import { parseRich } from './parser/parser';

export interface ParsedMessage {
  nodes: RichNode[];
  /** Names mentioned in the text (lower case, without the @), and whether @everyone is. */
  mentions: { names: ReadonlySet<string>; everyone: boolean };
  /**
   * Addresses of the external links, distinct, in order, at most MAX_EMBEDS: what may get a video
   * or GIF embed. Links inside spoilers are left out, as an embed would show what the spoiler hides.
   */
  embedLinks: string[];
  /** Whether the text has a `:shortcode:`, so the emoji data is worth loading. */
  hasShortcodes: boolean;
}

/** Embeds per message, so one message cannot fill the screen with players. */
export const MAX_EMBEDS = 5;

function analyse(nodes: RichNode[]): Omit<ParsedMessage, 'nodes'> {
  const names = new Set<string>();
  const links: string[] = [];
  let everyone = false;
  let hasShortcodes = false;
  const walk = (list: RichNode[], inSpoiler: boolean) => {
    for (const node of list) {
      if (node.type === 'mention') {
        if (node.name === EVERYONE) everyone = true;
        else names.add(node.name.toLowerCase());
      } else if (node.type === 'emoji') {
        hasShortcodes = true;
      } else if (node.type === 'link') {
        const target = resolveLink(node.target);
        if (!inSpoiler && target?.kind === 'external' && !links.includes(target.href)) links.push(target.href);
      }
      if ('content' in node && Array.isArray(node.content)) walk(node.content, inSpoiler || node.type === 'spoiler');
    }
  };
  walk(nodes, false);
  return { mentions: { names, everyone }, embedLinks: links.slice(0, MAX_EMBEDS), hasShortcodes };
}

/**
 * Parsed messages by text. The message list re-renders items often (hover, live updates, scroll),
 * and the item and its highlight both need the parse, so each text is parsed once while it is in use.
 */
const CACHE_SIZE = 500;
const cache = new Map<string, ParsedMessage>();

export function parseMessage(text: string): ParsedMessage {
  const cached = cache.get(text);
  if (cached) {
    // Most recently used last, so the oldest entry is the first to go.
    cache.delete(text);
    cache.set(text, cached);
    return cached;
  }
  const nodes = parseRich(text);
  const parsed = { nodes, ...analyse(nodes) };
  cache.set(text, parsed);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return parsed;
}
