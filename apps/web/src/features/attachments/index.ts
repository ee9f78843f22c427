export { AttachButton } from './AttachButton';
export { DraftGrid } from './DraftGrid';
export { DropZone } from './DropZone';
export { MessageAttachments } from './MessageAttachments';
export { useAttachmentDraft, useDraftItems } from './useAttachmentDraft';
export type { AttachmentDraft, DraftPayload } from './draft-store';
export { formatSize } from './format-size';
