import type { AdminStorageRow } from '@hearth/protocol';
import { ADMIN_TEXT } from '@hearth/protocol/admin-rules';
import { Button, useToast } from '../../../ui';
import { showFailure } from '../admin-errors';
import { useAdminWrite } from '../admin-queries';
import { adminRequests } from '../admin-requests';
import { FAILURES } from '../admin-texts';

/** Recalc: recounts one user's storage from their files and says what changed (spec 3 §8). */
export function RecalcButton({ row }: { row: AdminStorageRow }) {
  const toast = useToast();
  const recalc = useAdminWrite(adminRequests.recalculateUser);
  const run = async () => {
    try {
      const answer = await recalc.mutateAsync(row.user_id);
      toast.success(ADMIN_TEXT.recalculated(row.username, answer.actual_usage_formatted, answer.difference));
    } catch (error) {
      showFailure(toast, FAILURES.recalculateUser, error);
    }
  };
  return (
    <Button size="sm" variant="secondary" disabled={recalc.isPending} onClick={() => void run()}>
      {recalc.isPending ? 'Recalculating...' : 'Recalc'}
    </Button>
  );
}
