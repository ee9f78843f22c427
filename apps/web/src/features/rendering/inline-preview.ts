import type { RichNode } from './ast';
import { parseMessage } from './parse-message';

/**
 * What a one-line preview of a message keeps (a popup, a toast, the direct-message list): bold,
 * italic, underline, strike, inline code and a link's text, on one line. Blocks become inline (a code
 * block its code, a quote, a heading or a list item its text, a numbered item after its number), and
 * a spoiler stays hidden as a placeholder.
 */
export type PreviewNode =
  | { type: 'text'; content: string }
  | { type: 'strong' | 'em' | 'u' | 'del' | 'link'; content: PreviewNode[] }
  | { type: 'code'; content: string }
  | { type: 'spoiler' }
  | { type: 'mention'; name: string }
  | { type: 'emoji'; name: string };

/** What a hidden spoiler reads as in a preview: its content is not given away where it cannot be revealed. */
export const SPOILER_PLACEHOLDER = 'spoiler';

interface Budget {
  left: number;
  cut: boolean;
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ');

/** Takes what is left of the budget from `text`; marks the preview cut when it runs out. */
function take(text: string, budget: Budget): string {
  const chars = Array.from(text);
  if (chars.length <= budget.left) {
    budget.left -= chars.length;
    return text;
  }
  const kept = chars.slice(0, budget.left).join('');
  budget.left = 0;
  budget.cut = true;
  return kept;
}

const endsInSpace = (out: readonly PreviewNode[]) => {
  const last = out[out.length - 1];
  return last?.type === 'text' && /\s$/.test(last.content);
};

/** Ends a block's text with one space, the line break it stood for (none at the start or after one). */
function space(out: PreviewNode[], budget: Budget): void {
  if (out.length === 0 || endsInSpace(out) || budget.left <= 0) return;
  out.push({ type: 'text', content: take(' ', budget) });
}

function convert(nodes: readonly RichNode[], budget: Budget): PreviewNode[] {
  const out: PreviewNode[] = [];
  for (const node of nodes) {
    if (budget.left <= 0) {
      budget.cut = true;
      break;
    }
    switch (node.type) {
      case 'text': {
        // The line break after a block is already the block's space.
        const content = endsInSpace(out) ? oneLine(node.content).trimStart() : oneLine(node.content);
        if (content) out.push({ type: 'text', content: take(content, budget) });
        break;
      }
      case 'inlineCode':
      case 'codeBlock':
        out.push({ type: 'code', content: take(oneLine(node.content).trim(), budget) });
        break;
      case 'strong':
      case 'em':
      case 'u':
      case 'del':
      case 'link':
        out.push({ type: node.type, content: convert(node.content, budget) });
        break;
      case 'blockQuote':
      case 'heading':
      case 'listItem':
        out.push(...convert(node.content, budget));
        space(out, budget);
        break;
      case 'list':
        // Bullets are markers and go; a numbered list keeps its numbers, which are part of what it says.
        space(out, budget);
        node.content.forEach((item, i) => {
          if (node.start !== null && budget.left > 0)
            out.push({ type: 'text', content: take(`${node.start + i}. `, budget) });
          out.push(...convert([item], budget));
        });
        break;
      case 'spoiler':
        take(SPOILER_PLACEHOLDER, budget);
        out.push({ type: 'spoiler' });
        break;
      case 'mention':
        take(`@${node.name}`, budget);
        out.push(node);
        break;
      case 'emoji':
        take(`:${node.name}:`, budget);
        out.push(node);
        break;
    }
  }
  return out;
}

/** Trims the whitespace at either end of the preview's text (inside formatting too). */
function trimEnds(nodes: PreviewNode[]): PreviewNode[] {
  const edge = (list: PreviewNode[], at: 'start' | 'end') => {
    const node = at === 'start' ? list[0] : list[list.length - 1];
    if (!node) return;
    if (node.type === 'text' || node.type === 'code')
      node.content = at === 'start' ? node.content.trimStart() : node.content.trimEnd();
    else if ('content' in node) edge(node.content, at);
  };
  edge(nodes, 'start');
  edge(nodes, 'end');
  return nodes;
}

/**
 * A message's text as preview nodes, at most `max` characters of it (counted as displayed, not as
 * typed: the markers do not count), and whether it was cut there.
 */
export function previewNodes(text: string, max: number): { nodes: PreviewNode[]; cut: boolean } {
  const budget: Budget = { left: max, cut: false };
  const nodes = trimEnds(convert(parseMessage(text).nodes, budget));
  return { nodes, cut: budget.cut };
}

function flatten(nodes: readonly PreviewNode[]): string {
  return nodes
    .map((node) => {
      switch (node.type) {
        case 'text':
        case 'code':
          return node.content;
        case 'spoiler':
          return SPOILER_PLACEHOLDER;
        case 'mention':
          return `@${node.name}`;
        case 'emoji':
          return `:${node.name}:`;
        default:
          return flatten(node.content);
      }
    })
    .join('');
}

/**
 * The preview as plain text, the markers removed and cut with an ellipsis after `max` characters:
 * for what cannot show formatting (a system notification's body, a search).
 */
export function previewPlainText(text: string, max: number): string {
  const { nodes, cut } = previewNodes(text, max);
  const plain = flatten(nodes).trim();
  return cut ? `${plain}…` : plain;
}
