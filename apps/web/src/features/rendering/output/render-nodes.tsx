import type { ReactNode } from 'react';
import { EVERYONE, type RichNode } from '../ast';
import { EmojiShortcode } from '../emoji/EmojiShortcode';
import { MessageLink } from './MessageLink';
import { Spoiler } from './Spoiler';
import styles from '../RichText.module.css';

export interface RenderOptions {
  /** The reader's username in lower case: mentions of them stand out more than others. */
  viewerName: string | null;
  /** Whether the message's `@everyone` pinged everyone; when not (not an admin's), it is plain text. */
  everyonePings: boolean;
}

/**
 * A message's headings sit below the page's own (its h1, the channel's h2), so `#`, `##` and `###`
 * are h3, h4 and h5: a screen reader's list of headings keeps the page's outline and the message's.
 */
const HEADING_ELEMENTS = { 1: 'h3', 2: 'h4', 3: 'h5' } as const;

/**
 * Our React output, one case per node type. simple-markdown's own React output is not used: it
 * builds element objects by hand with the element symbol of React before 19, which React 19 refuses.
 * Every string from the message ends up as a text child or a checked attribute, never as markup.
 */
export function renderNodes(nodes: readonly RichNode[], options: RenderOptions): ReactNode[] {
  return nodes.map((node, key) => renderNode(node, key, options));
}

function renderNode(node: RichNode, key: number, options: RenderOptions): ReactNode {
  const inner = () => ('content' in node && Array.isArray(node.content) ? renderNodes(node.content, options) : null);
  switch (node.type) {
    case 'text':
      return node.content;
    case 'strong':
      return <strong key={key}>{inner()}</strong>;
    case 'em':
      return <em key={key}>{inner()}</em>;
    case 'u':
      return <u key={key}>{inner()}</u>;
    case 'del':
      return <s key={key}>{inner()}</s>;
    case 'spoiler':
      return <Spoiler key={key}>{inner()}</Spoiler>;
    case 'inlineCode':
      return (
        <code key={key} className={styles.inlineCode}>
          {node.content}
        </code>
      );
    case 'codeBlock':
      return (
        <pre key={key} className={styles.codeBlock} dir="auto" data-lang={node.lang ?? undefined}>
          <code>{node.content}</code>
        </pre>
      );
    case 'blockQuote':
      return (
        <blockquote key={key} className={styles.quote} dir="auto">
          {inner()}
        </blockquote>
      );
    case 'link':
      return (
        <MessageLink key={key} target={node.target} title={node.title} source={node.source}>
          {inner()}
        </MessageLink>
      );
    case 'mention': {
      if (node.name === EVERYONE && !options.everyonePings) return `@${node.name}`;
      const self = node.name === EVERYONE || node.name.toLowerCase() === options.viewerName;
      return (
        <span key={key} className={styles.mention} data-self={self || undefined}>
          @{node.name}
        </span>
      );
    }
    case 'emoji':
      return <EmojiShortcode key={key} name={node.name} />;
    case 'heading': {
      const Heading = HEADING_ELEMENTS[node.level];
      return (
        <Heading key={key} className={styles.heading} data-level={node.level} dir="auto">
          {inner()}
        </Heading>
      );
    }
    case 'list':
      return node.start === null ? (
        <ul key={key} className={styles.list} dir="auto">
          {inner()}
        </ul>
      ) : (
        <ol key={key} className={styles.list} start={node.start} dir="auto">
          {inner()}
        </ol>
      );
    case 'listItem':
      return <li key={key}>{inner()}</li>;
  }
}
