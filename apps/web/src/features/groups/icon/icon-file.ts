import { GROUP_ICON_MAX_BYTES, GROUP_ICON_TEXT } from '@hearth/protocol/group-icon-rules';

export interface IconFileProblem {
  title: string;
  text: string;
}

/**
 * Spec 2 §5: an icon must be an image under 10 MB ('Image file size must be less than 10MB', titled
 * 'File Too Large'). Any picture the browser can show will do, since the crop exports a JPEG.
 */
export function iconFileProblem(file: { type: string; size: number }): IconFileProblem | null {
  if (!file.type.startsWith('image/')) return { title: 'Invalid File', text: GROUP_ICON_TEXT.notImage };
  if (file.size >= GROUP_ICON_MAX_BYTES)
    return { title: GROUP_ICON_TEXT.tooLargeTitle, text: GROUP_ICON_TEXT.tooLarge };
  return null;
}
