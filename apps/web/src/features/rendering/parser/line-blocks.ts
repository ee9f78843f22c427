import type { SingleASTNode } from 'simple-markdown';

/**
 * Headings and lists, found in the lines of what the rules already parsed rather than by rules of
 * their own. Each is a property of a whole line (`# ` or `- ` where it starts), and the inline
 * parse has already decided everything inside the lines: a code block or inline code stays code
 * with whatever it holds, formatting keeps its extent, and mentions are exactly the ones the text
 * makes without them (which the server's parse, knowing nothing of lists, must agree with).
 */

/** Lists nest this deep; an item indented further joins the deepest list. */
export const MAX_LIST_DEPTH = 5;

/** `# `, `## ` or `### ` at the very start of a line, then the heading (Discord's three levels). */
const HEADING = /^(#{1,3}) +/;
/** `- `, `* ` or `1. ` after any indentation; the number of the first item is the list's start. */
const LIST_ITEM = /^( *)(?:[-*]|(\d{1,9})\.) +/;
/** How much deeper than its parent item a line must be indented to nest (Discord's two spaces). */
const NEST_INDENT = 2;

type Node = SingleASTNode;

/** Blocks the inline parse already made: each ends its line. */
const BLOCKS = new Set(['codeBlock', 'blockQuote']);

const text = (content: string): Node => ({ type: 'text', content });

/**
 * The nodes of each line, without the line break that ends it. A block (code, quote) ends the line it
 * is on, as it is drawn on its own; a line break inside formatting (`**a\nb**`) belongs to it.
 */
function splitLines(nodes: readonly Node[]): { nodes: Node[]; broken: boolean }[] {
  const lines: { nodes: Node[]; broken: boolean }[] = [];
  let current: Node[] = [];
  const end = (broken: boolean) => {
    lines.push({ nodes: current, broken });
    current = [];
  };
  for (const node of nodes) {
    if (node.type === 'text' && typeof node.content === 'string' && node.content.includes('\n')) {
      node.content.split('\n').forEach((part, i) => {
        if (i > 0) end(true);
        if (part) current.push({ ...node, content: part });
      });
    } else {
      current.push(node);
      if (BLOCKS.has(node.type)) end(false);
    }
  }
  if (current.length > 0) lines.push({ nodes: current, broken: false });
  return lines;
}

/**
 * The text a line starts with, up to its first node that is not plain text. An escaped symbol
 * (`\#`, `\-`) is text too, but it stops the prefix, so an escaped marker is no marker.
 */
function prefixOf(line: readonly Node[]): string {
  let prefix = '';
  for (const node of line) {
    if (node.type !== 'text' || node.escaped || typeof node.content !== 'string') break;
    prefix += node.content;
  }
  return prefix;
}

/** The line without its first `count` characters, which lie in its leading text nodes. */
function dropStart(line: readonly Node[], count: number): Node[] {
  const out = [...line];
  let left = count;
  while (left > 0 && out[0]) {
    const content = String(out[0].content);
    if (content.length <= left) {
      left -= content.length;
      out.shift();
    } else {
      out[0] = { ...out[0], content: content.slice(left) };
      left = 0;
    }
  }
  return out;
}

/** Whether anything but spaces is left: a marker with nothing after it is just text. */
const hasContent = (nodes: readonly Node[]) =>
  nodes.some((node) => node.type !== 'text' || /\S/.test(String(node.content)));

interface ListLine {
  indent: number;
  start: number | null;
  content: Node[];
}

type LineKind = { kind: 'heading'; level: number; content: Node[] } | ({ kind: 'item' } & ListLine) | { kind: 'plain' };

function classify(line: readonly Node[]): LineKind {
  const prefix = prefixOf(line);
  const heading = HEADING.exec(prefix);
  if (heading) {
    const content = dropStart(line, heading[0].length);
    if (hasContent(content)) return { kind: 'heading', level: heading[1]!.length, content };
  }
  const item = LIST_ITEM.exec(prefix);
  if (item) {
    const content = dropStart(line, item[0].length);
    if (hasContent(content))
      return { kind: 'item', indent: item[1]!.length, start: item[2] ? Number(item[2]) : null, content };
  }
  return { kind: 'plain' };
}

interface OpenList {
  node: Node & { content: Node[] };
  indent: number;
  numbered: boolean;
}

/** Builds the lists of consecutive item lines, nested by indentation. */
class ListBuilder {
  private open: OpenList[] = [];

  constructor(private readonly out: Node[]) {}

  add({ indent, start, content }: ListLine): void {
    const numbered = start !== null;
    const item: Node = { type: 'listItem', content };
    // Back out of the lists indented deeper than this item.
    while (this.open.length > 1 && indent < this.open[this.open.length - 1]!.indent) this.open.pop();
    const top = this.open[this.open.length - 1];
    if (!top) {
      this.open.push(this.start(numbered, start, indent, this.out));
    } else if (indent >= top.indent + NEST_INDENT && this.open.length < MAX_LIST_DEPTH) {
      // Nested: a list of its own inside the item above.
      const parent = top.node.content[top.node.content.length - 1]!;
      this.open.push(this.start(numbered, start, indent, parent.content as Node[]));
    } else if (top.numbered !== numbered) {
      // A numbered item after bullets (or the reverse) starts a list of its kind beside the other.
      const parent = this.open[this.open.length - 2];
      const holder = parent ? (parent.node.content[parent.node.content.length - 1]!.content as Node[]) : this.out;
      this.open[this.open.length - 1] = this.start(numbered, start, top.indent, holder);
    }
    this.open[this.open.length - 1]!.node.content.push(item);
  }

  close(): void {
    this.open = [];
  }

  private start(numbered: boolean, start: number | null, indent: number, holder: Node[]): OpenList {
    const node = { type: 'list', start: numbered ? start : null, content: [] as Node[] };
    holder.push(node);
    return { node, indent, numbered };
  }
}

/**
 * The parsed nodes of a message (or of a quote's text) with its heading lines made headings and its
 * runs of item lines made lists. The line break ending such a line belongs to it, as a code
 * block's does; every other line is left exactly as it was.
 */
export function lineBlocks(nodes: readonly Node[]): Node[] {
  const out: Node[] = [];
  const lists = new ListBuilder(out);
  for (const line of splitLines(nodes)) {
    const kind = classify(line.nodes);
    if (kind.kind === 'item') {
      lists.add(kind);
      continue;
    }
    lists.close();
    if (kind.kind === 'heading') {
      out.push({ type: 'heading', level: kind.level, content: kind.content });
    } else {
      out.push(...line.nodes);
      if (line.broken) out.push(text('\n'));
    }
  }
  return out;
}
