import { useCallback } from 'react';
import { COMMAND_TEXT, parseCommand } from '@hearth/protocol/commands';
import { useServices } from '../../app/services';
import { isAdminRole, useSession } from '../../app/session';
import { ApiError } from '../../lib/http';
import { useToast } from '../../ui';

/**
 * Runs a slash command typed in a channel's composer (spec 1 §5): parse errors and refusals as error
 * toasts with the spec's titles, success as a success toast. Resolves true when the text should be
 * cleared (the command ran), false when it stays for the user to fix.
 */
export function useRunCommand(channelId: number): (text: string) => Promise<boolean> {
  const { http } = useServices();
  const session = useSession();
  const toast = useToast();
  return useCallback(
    async (text: string) => {
      const parsed = parseCommand(text);
      if (!parsed.ok) {
        toast.error(parsed.title, parsed.error);
        return false;
      }
      // Guardian commands work in group channels only; a direct message's id is negative (spec 2 §5).
      if (channelId < 0) {
        toast.error(COMMAND_TEXT.disabledTitle, COMMAND_TEXT.notInDirectMessages);
        return false;
      }
      if (parsed.kind === 'announce' && !isAdminRole(session?.user.role)) {
        toast.error('Permission Denied', COMMAND_TEXT.noPermission);
        return false;
      }
      const announce = parsed.kind === 'announce';
      try {
        const answer = announce
          ? await http.post<{ detail: string }>('/admin/guardian/announce', {
              message: parsed.message,
              channel_name: parsed.channelName,
              current_channel_id: channelId,
            })
          : await http.post<{ detail: string }>('/guardian/hugme', { current_channel_id: channelId });
        toast.success(answer.detail);
        return true;
      } catch (err) {
        const fallback = announce ? COMMAND_TEXT.announceFailed : COMMAND_TEXT.hugFailed;
        if (err instanceof ApiError) toast.error(COMMAND_TEXT.sendFailedTitle, err.message || fallback);
        else toast.error(COMMAND_TEXT.networkErrorTitle, fallback);
        return false;
      }
    },
    [http, session, toast, channelId],
  );
}
