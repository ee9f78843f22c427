import SimpleMarkdown from 'simple-markdown';
import { createElement, type ReactNode } from 'react';

/** One entry of /changelogs/index.json (spec 3 §3: title and file). */
export interface ChangelogEntry {
  title: string;
  file: string;
}

export const CHANGELOG_TEXT = { failed: 'Unable to load changelog.' } as const;

/** The entries, in the index's order (newest first by convention); anything malformed is left out. */
export function parseIndex(raw: unknown): ChangelogEntry[] {
  const list = Array.isArray(raw)
    ? raw
    : Array.isArray((raw as { entries?: unknown })?.entries)
      ? (raw as { entries: unknown[] }).entries
      : [];
  return list.filter(
    (e): e is ChangelogEntry =>
      typeof (e as ChangelogEntry)?.title === 'string' &&
      typeof (e as ChangelogEntry)?.file === 'string' &&
      // A file of the changelog folder, never a path out of it or another site.
      /^[\w.-]+$/.test((e as ChangelogEntry).file),
  );
}

/** The parts of simple-markdown's syntax tree the changelog uses. */
interface Node {
  type: string;
  content?: Node[] | string;
  items?: Node[][];
  ordered?: boolean;
  start?: number;
  level?: number;
  target?: string;
}

const parse = SimpleMarkdown.parserFor(SimpleMarkdown.defaultRules);

/** Tags for the inline and block nodes whose children are drawn as they are. */
const WRAPPERS: Record<string, string> = {
  paragraph: 'p',
  strong: 'strong',
  em: 'em',
  u: 'u',
  del: 's',
  blockQuote: 'blockquote',
};

function draw(nodes: Node[] | string | undefined, key = ''): ReactNode[] {
  if (typeof nodes === 'string') return [nodes];
  return (nodes ?? []).map((node, i) => drawNode(node, `${key}${i}.`));
}

/**
 * React elements for the tree, made here: simple-markdown's own React output makes elements of an
 * older React, which React 19 refuses. Anything not listed is drawn as its text.
 */
function drawNode(node: Node, key: string): ReactNode {
  const tag = WRAPPERS[node.type];
  if (tag) return createElement(tag, { key }, ...draw(node.content, key));
  switch (node.type) {
    case 'heading':
      return createElement(`h${Math.min(6, Math.max(2, node.level ?? 2))}`, { key }, ...draw(node.content, key));
    case 'list':
      return createElement(
        node.ordered ? 'ol' : 'ul',
        { key, start: node.ordered ? node.start : undefined },
        ...(node.items ?? []).map((item, i) =>
          createElement('li', { key: `${key}${i}` }, ...draw(item, `${key}${i}.`)),
        ),
      );
    case 'inlineCode':
      return createElement('code', { key }, typeof node.content === 'string' ? node.content : '');
    case 'codeBlock':
      return createElement(
        'pre',
        { key },
        createElement('code', null, typeof node.content === 'string' ? node.content : ''),
      );
    case 'link':
    case 'url':
    case 'autolink': {
      // simple-markdown's sanitizeUrl refuses javascript:, vbscript: and data: addresses.
      const href = SimpleMarkdown.sanitizeUrl(node.target) ?? undefined;
      return createElement(
        'a',
        { key, href, target: '_blank', rel: 'noopener noreferrer' },
        ...draw(node.content, key),
      );
    }
    case 'br':
      return createElement('br', { key });
    case 'newline':
      return null;
    case 'text':
      return typeof node.content === 'string' ? node.content : null;
    default:
      return createElement('span', { key }, ...draw(node.content, key));
  }
}

/**
 * The changelog's simple markup (spec 3 §7: headings, bullet and numbered lists, bold, italic, code,
 * links opened in a new tab), parsed by simple-markdown, which the chat already ships. A Markdown
 * heading of level 1 is drawn as h2, the dialog's title being the page's heading.
 */
export function renderChangelog(markup: string): ReactNode {
  return draw(parse(`${markup.trim()}\n\n`, { inline: false }) as Node[]);
}
