import { ActivityDialog } from './ActivityDialog';
import { GuardianMessageDialog } from './GuardianMessageDialog';
import { SetEmailDialog } from './SetEmailDialog';
import { SuspendDialog } from './SuspendDialog';
import type { UserDialog } from './user-dialogs';

/** The Users tab's dialogs; at most one is open. */
export function UserDialogs({ dialog, onClose }: { dialog: UserDialog | null; onClose(): void }) {
  const userFor = (kind: UserDialog['kind']) => (dialog?.kind === kind ? dialog.user : null);
  return (
    <>
      <SetEmailDialog user={userFor('email')} onClose={onClose} />
      <SuspendDialog user={userFor('suspend')} onClose={onClose} />
      <GuardianMessageDialog user={userFor('guardian')} onClose={onClose} />
      <ActivityDialog activity={dialog?.kind === 'activity' ? dialog.activity : null} onClose={onClose} />
    </>
  );
}
