import type { Attachment } from '@hearth/protocol';
import { safeFileName } from '@hearth/protocol/file-names';
import { ATTACHMENTS_PER_MESSAGE_MAX } from '@hearth/protocol/constants';
import { uploadLimitText } from '@hearth/protocol/texts';

export interface DraftItem {
  /** Stable while uploading and after. */
  key: string;
  name: string;
  size: number;
  /** From the file's declared type, for the grid's icon and the sensitive toggle before the server answers. */
  kind: 'image' | 'video' | 'audio' | 'other';
  status: 'uploading' | 'done' | 'failed';
  progress: number;
  error: string | null;
  attachment: Attachment | null;
  sensitive: boolean;
  /** A local preview of a picture while and after it uploads. */
  localUrl: string | null;
}

export interface DraftDeps {
  upload(file: File, onProgress: (percent: number) => void, signal: AbortSignal): Promise<Attachment>;
  /** Deletes an upload that will not be sent (DELETE /upload/attachment/{id}). */
  discard(id: number): Promise<void>;
  createObjectUrl?(file: File): string;
  revokeObjectUrl?(url: string): void;
}

const kindOf = (type: string): DraftItem['kind'] =>
  type.startsWith('image/')
    ? 'image'
    : type.startsWith('video/')
      ? 'video'
      : type.startsWith('audio/')
        ? 'audio'
        : 'other';

/** What a send carries from the draft. */
export interface DraftPayload {
  attachments: Attachment[];
  sensitiveIds: number[];
}

/**
 * The files attached to the message being written in one channel: each uploads at once (progress
 * 0-100), can be marked sensitive (pictures and video) or removed (an uploaded one is deleted on the
 * server), and goes with the next send. Kept outside React; read through useSyncExternalStore.
 */
export class AttachmentDraft {
  private items: readonly DraftItem[] = [];
  private listeners = new Set<() => void>();
  private aborts = new Map<string, AbortController>();
  private nextKey = 1;

  constructor(private deps: DraftDeps) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  getSnapshot = (): readonly DraftItem[] => this.items;

  get uploading(): boolean {
    return this.items.some((i) => i.status === 'uploading');
  }

  /**
   * Starts uploading the files, unless that would pass 15 on one message: then nothing is added and
   * the spec's refusal text is returned.
   */
  add(files: readonly File[]): string | null {
    if (files.length === 0) return null;
    // A failed upload stays as a tile to retry or remove, but it is no file of the message.
    const have = this.items.filter((i) => i.status !== 'failed').length;
    if (have + files.length > ATTACHMENTS_PER_MESSAGE_MAX) return uploadLimitText(have, files.length);
    const added = files.map((file): [DraftItem, File] => {
      const kind = kindOf(file.type);
      return [
        {
          key: `draft-${this.nextKey++}`,
          name: safeFileName(file.name),
          size: file.size,
          kind,
          status: 'uploading',
          progress: 0,
          error: null,
          attachment: null,
          sensitive: false,
          localUrl: kind === 'image' ? (this.deps.createObjectUrl?.(file) ?? null) : null,
        },
        file,
      ];
    });
    this.set([...this.items, ...added.map(([item]) => item)]);
    for (const [item, file] of added) void this.start(item.key, file);
    return null;
  }

  private async start(key: string, file: File) {
    const abort = new AbortController();
    this.aborts.set(key, abort);
    try {
      const attachment = await this.deps.upload(file, (progress) => this.patch(key, { progress }), abort.signal);
      if (!this.items.some((i) => i.key === key)) {
        // Removed while the last bytes went up: the server keeps nothing of it.
        void this.deps.discard(attachment.id).catch(() => undefined);
        return;
      }
      this.patch(key, { status: 'done', progress: 100, attachment, kind: attachment.attachment_type });
    } catch (err) {
      if ((err as Error).name === 'AbortError') return;
      this.patch(key, { status: 'failed', error: (err as Error).message });
    } finally {
      this.aborts.delete(key);
    }
  }

  toggleSensitive(key: string): void {
    const item = this.items.find((i) => i.key === key);
    if (item && (item.kind === 'image' || item.kind === 'video')) this.patch(key, { sensitive: !item.sensitive });
  }

  /** Cancels an upload under way, or deletes an uploaded file from the server. */
  remove(key: string): void {
    const item = this.items.find((i) => i.key === key);
    if (!item) return;
    this.aborts.get(key)?.abort();
    if (item.attachment) void this.deps.discard(item.attachment.id).catch(() => undefined);
    this.release(item);
    this.set(this.items.filter((i) => i.key !== key));
  }

  /** The uploaded files and the sensitive ones among them, in the order they were added. */
  payload(): DraftPayload {
    const done = this.items.filter((i) => i.status === 'done' && i.attachment);
    return {
      attachments: done.map((i) => i.attachment!),
      sensitiveIds: done.filter((i) => i.sensitive).map((i) => i.attachment!.id),
    };
  }

  /** After a send: the files belong to the message now. */
  clear(): void {
    for (const item of this.items) this.release(item);
    this.set([]);
  }

  /** Leaving the channel: unsent uploads are deleted, uploads under way cancelled. */
  dispose(): void {
    for (const item of this.items) this.remove(item.key);
  }

  private release(item: DraftItem) {
    if (item.localUrl) this.deps.revokeObjectUrl?.(item.localUrl);
  }

  private patch(key: string, changes: Partial<DraftItem>) {
    this.set(this.items.map((i) => (i.key === key ? { ...i, ...changes } : i)));
  }

  private set(items: readonly DraftItem[]) {
    this.items = items;
    for (const listener of this.listeners) listener();
  }
}
