import { useIsApiV2 } from '../../../app/api-version';
import { useNavigation } from '../../../app/navigation';
import { useCreateChannel } from '../channel-mutations';
import { useCreateCategory } from '../category-mutations';
import { useCreateGroup } from '../group-mutations';
import { channelBody, type CreateFormState, type CreateKind } from './create-form';

/** Creates the chosen thing; true when it worked (the mutations announce success and failure). */
export function useCreateSubmit() {
  const nav = useNavigation();
  const createGroup = useCreateGroup();
  const createCategory = useCreateCategory();
  const createChannel = useCreateChannel();
  const v2 = useIsApiV2();
  const pending = createGroup.isPending || createCategory.isPending || createChannel.isPending;

  const submit = async (kind: CreateKind, form: CreateFormState): Promise<boolean> => {
    const name = form.name.trim();
    try {
      if (kind === 'group') {
        // Into the new group's first channel, not left on whatever the main area showed before.
        const { group, channel } = await createGroup.mutateAsync(name);
        if (channel) nav.selectChannel(channel.id, group.id);
        else nav.selectGroup(group.id);
      } else if (kind === 'category' && form.groupId !== null) {
        await createCategory.mutateAsync({ name, groupId: form.groupId });
      } else if (kind === 'channel' && form.groupId !== null) {
        const channel = await createChannel.mutateAsync(channelBody(form, form.groupId, v2));
        // A voice channel has no chat to open; joining it comes with voice.
        if (channel.channel_type === 'text') nav.selectChannel(channel.id, channel.group_id);
      }
      return true;
    } catch {
      return false;
    }
  };
  return { submit, pending };
}
