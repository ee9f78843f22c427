export { MessageContent, type MessageContentProps } from './MessageContent';
export { mentionsReader, useMentionsMe, type MentionReader, type MentionSource } from './mentions';
export { customEmojiImage, emojiRegistry, type EmojiRender } from './emoji/registry';
export { parseMessage, type ParsedMessage } from './parse-message';
import styles from './RichText.module.css';

/** The class of a whole message that mentions the reader. */
export const mentionedClass = styles.mentioned;
export { InlinePreview } from './InlinePreview';
export { previewPlainText } from './inline-preview';
