import { useState, type FormEvent } from 'react';
import type { Category } from '@hearth/protocol';
import { NAME_MAX } from '@hearth/protocol/constants';
import { TEXT } from '@hearth/protocol/texts';
import { idValue, SelectField, TextField, valueId } from '../../ui';
import { useGroups } from './queries';
import { useCreateCategory, useRenameCategory } from './category-mutations';
import { FormDialog } from './FormDialog';

/** Create a category in a group, or rename one (a category cannot change group). */
export type CategoryDialogMode = { kind: 'create'; groupId: number | null } | { kind: 'rename'; category: Category };

export function CategoryDialog({ mode, onClose }: { mode: CategoryDialogMode; onClose: () => void }) {
  const renaming = mode.kind === 'rename' ? mode.category : null;
  const [name, setName] = useState(renaming?.name ?? '');
  const [groupId, setGroupId] = useState(renaming ? renaming.group_id : mode.kind === 'create' ? mode.groupId : null);
  const [errors, setErrors] = useState<{ name?: string; group?: string }>({});
  const groups = useGroups();
  const create = useCreateCategory();
  const rename = useRenameCategory();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    const problems = {
      name: trimmed ? undefined : TEXT.nameRequired,
      group: groupId === null ? TEXT.groupRequired : undefined,
    };
    setErrors(problems);
    if (problems.name || problems.group || groupId === null) return;
    // Both show at once; the mutations undo and say so if the server refuses.
    if (renaming) {
      if (trimmed !== renaming.name) rename.mutate({ category: renaming, name: trimmed });
    } else create.mutate({ name: trimmed, groupId });
    onClose();
  };

  const groupOptions = [
    { value: '', label: 'Select group' },
    ...(groups.data ?? []).map((g) => ({ value: String(g.id), label: g.name })),
  ];

  return (
    <FormDialog
      title={renaming ? 'Rename Category' : 'Create Category'}
      size="sm"
      submitLabel={renaming ? 'Save' : 'Create'}
      canSubmit={!!name.trim()}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        label="Name"
        value={name}
        maxLength={NAME_MAX}
        error={errors.name}
        autoFocus
        onChange={(e) => {
          setName(e.target.value);
          setErrors((x) => ({ ...x, name: undefined }));
        }}
      />
      <SelectField
        label="Group"
        options={groupOptions}
        value={idValue(groupId)}
        error={errors.group}
        disabled={renaming !== null}
        onChange={(e) => {
          setGroupId(valueId(e.target.value));
          setErrors((x) => ({ ...x, group: undefined }));
        }}
      />
    </FormDialog>
  );
}
