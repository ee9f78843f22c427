import { describe, expect, it, vi } from 'vitest';
import type { Attachment } from '@hearth/protocol';
import { uploadLimitText } from '@hearth/protocol/texts';
import { AttachmentDraft } from './draft-store';
import { formatSize } from './format-size';
import { gridColumns, imageBox } from './grid-columns';

const attachment = (id: number, type: Attachment['attachment_type'] = 'image'): Attachment => ({
  id,
  attachment_type: type,
  content_type: 'image/png',
  filename: `f${id}.png`,
  original_filename: `f${id}.png`,
  file_url: `/api/attachments/${id}/file/f.png`,
  preview_url: null,
  width: 10,
  height: 10,
  file_size: 100,
  uploaded_at: new Date(0).toISOString(),
  user_id: 1,
  is_sensitive: false,
});

const file = (name: string, type = 'image/png') => new File(['x'], name, { type });

/** Uploads that finish when the test says so. */
function controlledUploads() {
  const pending: { resolve(a: Attachment): void; reject(e: Error): void; progress(p: number): void }[] = [];
  const discard = vi.fn(async () => undefined);
  const draft = new AttachmentDraft({
    upload: (_file, onProgress) =>
      new Promise<Attachment>((resolve, reject) => pending.push({ resolve, reject, progress: onProgress })),
    discard,
  });
  return { draft, pending, discard };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('the attachment draft', () => {
  it('shows progress, then the uploaded files go with the send in the order added', async () => {
    const { draft, pending } = controlledUploads();
    expect(draft.add([file('a.png'), file('b.txt', 'text/plain')])).toBeNull();
    expect(draft.uploading).toBe(true);
    pending[0]!.progress(40);
    expect(draft.getSnapshot()[0]).toMatchObject({ status: 'uploading', progress: 40, kind: 'image' });
    pending[1]!.resolve(attachment(2, 'other'));
    pending[0]!.resolve(attachment(1));
    await flush();
    expect(draft.uploading).toBe(false);
    draft.toggleSensitive(draft.getSnapshot()[0]!.key);
    draft.toggleSensitive(draft.getSnapshot()[1]!.key); // not a picture or video: no effect
    expect(draft.payload()).toEqual({ attachments: [attachment(1), attachment(2, 'other')], sensitiveIds: [1] });
    draft.clear();
    expect(draft.getSnapshot()).toEqual([]);
  });

  it('refuses to pass 15 files with the spec text, adding none', () => {
    const { draft } = controlledUploads();
    expect(draft.add(Array.from({ length: 14 }, (_, i) => file(`${i}.png`)))).toBeNull();
    expect(draft.add([file('x.png'), file('y.png')])).toBe(uploadLimitText(14, 2));
    expect(uploadLimitText(14, 2)).toBe(
      'Cannot upload more than 15 files total. You have 14 uploaded and are trying to add 2 more.',
    );
    expect(draft.getSnapshot()).toHaveLength(14);
    expect(draft.add([file('z.png')])).toBeNull();
  });

  it('does not count a failed upload towards the 15, nor in the refusal text', async () => {
    const { draft, pending } = controlledUploads();
    draft.add(Array.from({ length: 14 }, (_, i) => file(`${i}.png`)));
    pending[0]!.reject(new Error('Upload failed'));
    await flush();
    expect(draft.getSnapshot()[0]).toMatchObject({ status: 'failed' });
    // 13 uploads under way or done: three more pass the limit, and the text says 13.
    expect(draft.add([file('x.png'), file('y.png'), file('z.png')])).toBe(uploadLimitText(13, 3));
    expect(draft.add([file('x.png'), file('y.png')])).toBeNull();
    expect(draft.getSnapshot()).toHaveLength(16);
  });

  it('deletes a removed upload on the server, and one removed while still uploading once it lands', async () => {
    const { draft, pending, discard } = controlledUploads();
    draft.add([file('a.png'), file('b.png')]);
    pending[0]!.resolve(attachment(7));
    await flush();
    draft.remove(draft.getSnapshot()[0]!.key);
    expect(discard).toHaveBeenCalledWith(7);
    draft.remove(draft.getSnapshot()[0]!.key);
    pending[1]!.resolve(attachment(8));
    await flush();
    expect(discard).toHaveBeenCalledWith(8);
    expect(draft.getSnapshot()).toEqual([]);
  });

  it("shows a failed upload with the server's reason and leaves it out of the send", async () => {
    const { draft, pending } = controlledUploads();
    draft.add([file('big.bin', '')]);
    pending[0]!.reject(new Error('File is too large (max 25 MB)'));
    await flush();
    expect(draft.getSnapshot()[0]).toMatchObject({ status: 'failed', error: 'File is too large (max 25 MB)' });
    expect(draft.payload().attachments).toEqual([]);
  });
});

describe('sizes and layout', () => {
  it('writes sizes in Bytes, KB, MB and GB', () => {
    expect(formatSize(0)).toBe('0 Bytes');
    expect(formatSize(512)).toBe('512 Bytes');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatSize(25 * 1024 * 1024)).toBe('25 MB');
    expect(formatSize(1.25 * 1024 ** 3)).toBe('1.3 GB');
  });

  it('uses 1, 2 or 3 columns, then 180 px columns', () => {
    expect(gridColumns(1)).toBe('repeat(1, minmax(0, 1fr))');
    expect(gridColumns(3)).toBe('repeat(3, minmax(0, 1fr))');
    expect(gridColumns(7)).toBe('repeat(auto-fit, minmax(180px, 1fr))');
  });

  it('fits a picture in 400 × 300 keeping its proportions, so its box is known before it loads', () => {
    expect(imageBox(1600, 1200)).toEqual({ width: 400, height: 300 });
    expect(imageBox(1000, 2000)).toEqual({ width: 150, height: 300 });
    expect(imageBox(100, 50)).toEqual({ width: 100, height: 50 });
    expect(imageBox(null, null)).toEqual({ width: 400, height: 300 });
  });
});
