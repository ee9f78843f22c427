import { useState, type FormEvent } from 'react';
import type { Channel } from '@hearth/protocol';
import { NAME_MAX } from '@hearth/protocol/constants';
import { TEXT } from '@hearth/protocol/texts';
import { idValue, SelectField, TextField, valueId } from '../../ui';
import { useCategories, useGroups } from './queries';
import { useUpdateChannel } from './channel-mutations';
import { FormDialog } from './FormDialog';

/**
 * Rename a channel or move it to another group or category. There is no 'Ungrouped' choice:
 * on this server every channel belongs to a group.
 */
export function EditChannelDialog({ channel, onClose }: { channel: Channel; onClose: () => void }) {
  const [name, setName] = useState(channel.name);
  const [groupId, setGroupId] = useState(channel.group_id);
  const [categoryId, setCategoryId] = useState(channel.category_id);
  const [nameError, setNameError] = useState<string>();
  const groups = useGroups();
  const categories = useCategories(groupId);
  const update = useUpdateChannel();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setNameError(TEXT.nameRequired);
      return;
    }
    // Shown at once; the mutation puts it back and says so if the server refuses.
    update.mutate({ id: channel.id, edit: { name: trimmed, group_id: groupId, category_id: categoryId } });
    onClose();
  };

  const groupOptions = (groups.data ?? []).map((g) => ({ value: String(g.id), label: g.name }));
  const categoryOptions = [
    { value: '', label: 'No Category' },
    ...(categories.data ?? []).filter((c) => c.id > 0).map((c) => ({ value: String(c.id), label: c.name })),
  ];

  return (
    <FormDialog title="Edit Channel" submitLabel="Save" canSubmit={!!name.trim()} onSubmit={submit} onClose={onClose}>
      <TextField
        label="Channel Name"
        value={name}
        maxLength={NAME_MAX}
        error={nameError}
        autoFocus
        onChange={(e) => {
          setName(e.target.value);
          setNameError(undefined);
        }}
      />
      <SelectField
        label="Assign to Group"
        options={groupOptions}
        value={String(groupId)}
        onChange={(e) => {
          setGroupId(Number(e.target.value));
          // Categories belong to one group.
          setCategoryId(null);
        }}
      />
      <SelectField
        label="Assign to Category"
        options={categoryOptions}
        value={idValue(categoryId)}
        onChange={(e) => setCategoryId(valueId(e.target.value))}
      />
    </FormDialog>
  );
}
