import type { ReactNode } from 'react';
import { EmojiShortcode } from './emoji/EmojiShortcode';
import { previewNodes, SPOILER_PLACEHOLDER, type PreviewNode } from './inline-preview';
import styles from './RichText.module.css';

function render(nodes: readonly PreviewNode[]): ReactNode[] {
  return nodes.map((node, key) => {
    switch (node.type) {
      case 'text':
        return node.content;
      case 'strong':
        return <strong key={key}>{render(node.content)}</strong>;
      case 'em':
        return <em key={key}>{render(node.content)}</em>;
      case 'u':
        return <u key={key}>{render(node.content)}</u>;
      case 'del':
        return <s key={key}>{render(node.content)}</s>;
      case 'code':
        return (
          <code key={key} className={styles.inlineCode}>
            {node.content}
          </code>
        );
      // A preview is itself a control (it opens the message) or too small to aim at: a link shows
      // as link-coloured text, never as a second, nested control.
      case 'link':
        return (
          <span key={key} className={styles.previewLink}>
            {render(node.content)}
          </span>
        );
      case 'spoiler':
        return (
          <span key={key} className={styles.previewSpoiler}>
            {SPOILER_PLACEHOLDER}
          </span>
        );
      case 'mention':
        return (
          <span key={key} className={styles.mention}>
            @{node.name}
          </span>
        );
      case 'emoji':
        return <EmojiShortcode key={key} name={node.name} />;
    }
  });
}

/**
 * A message's text as a one-line preview with its inline formatting (bold, italic, code, links'
 * text) instead of the raw markers, cut after `max` displayed characters with an ellipsis.
 */
export function InlinePreview({ text, max }: { text: string; max: number }) {
  const { nodes, cut } = previewNodes(text, max);
  return (
    <>
      {render(nodes)}
      {cut && '…'}
    </>
  );
}
