import { useId, useState, type FormEvent } from 'react';
import type { Group } from '@hearth/protocol';
import { NAME_MAX } from '@hearth/protocol/constants';
import { Button, Modal, TextField } from '../../ui';
import { useRenameGroup } from './group-mutations';

export function RenameGroupDialog({ group, onClose }: { group: Group; onClose: () => void }) {
  const [name, setName] = useState(group.name);
  const rename = useRenameGroup();
  const trimmed = name.trim();
  const formId = useId();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!trimmed || rename.isPending) return;
    try {
      await rename.mutateAsync({ id: group.id, name: trimmed });
      onClose();
    } catch {
      // The mutation has shown the failure; the dialog stays open for another try.
    }
  };

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title="Rename Group"
      size="sm"
      preventClose={rename.isPending}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={rename.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={!trimmed || rename.isPending}>
            {rename.isPending ? 'Saving...' : 'Save'}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={(e) => void submit(e)}>
        <TextField
          label="Group Name"
          value={name}
          maxLength={NAME_MAX}
          autoFocus
          onChange={(e) => setName(e.target.value)}
        />
      </form>
    </Modal>
  );
}
