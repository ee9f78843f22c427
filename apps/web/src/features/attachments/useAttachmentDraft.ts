import { useEffect, useState, useSyncExternalStore } from 'react';
import { useServices } from '../../app/services';
import { apiVersion } from '../../app/api-version';
import { AttachmentDraft, type DraftItem } from './draft-store';
import { uploadFile } from './upload';

/** The attachment draft of the message being written in a channel, for as long as the channel is open. */
export function useAttachmentDraft(channelId: number): AttachmentDraft {
  const { auth, http } = useServices();
  const [draft] = useState(
    () =>
      new AttachmentDraft({
        upload: (file, onProgress, signal) =>
          uploadFile(
            { token: () => auth.get()?.accessToken ?? null, refresh: () => http.refresh() },
            file,
            channelId,
            onProgress,
            signal,
          ),
        // API v1 (the client's compatibility mode) offers no attachment deletion: an upload taken out of
        // the message is left to the server's sweep of unsent uploads.
        discard: async (id) => {
          if (apiVersion.isV2()) await http.delete(`/upload/attachment/${id}`);
        },
        createObjectUrl: (file) => URL.createObjectURL(file),
        revokeObjectUrl: (url) => URL.revokeObjectURL(url),
      }),
  );
  // Leaving the channel deletes what was uploaded and not sent.
  useEffect(() => () => draft.dispose(), [draft]);
  return draft;
}

export function useDraftItems(draft: AttachmentDraft): readonly DraftItem[] {
  return useSyncExternalStore(draft.subscribe, draft.getSnapshot);
}
