import { useChannels, useGroups } from '../groups/queries';
import { visuallyHidden } from '../../ui/VisuallyHidden';
import { useNavigation } from '../../app/navigation';

/**
 * The page's one h1: where the user is (channel and group, the group, or Home). It is read out, not
 * shown, because each pane already shows its own title. Pages on their own routes bring their own h1.
 */
export function PageHeading() {
  const nav = useNavigation();
  const group = useGroups().data?.find((g) => g.id === nav.groupId);
  const channel = useChannels().data?.find((c) => c.id === nav.channelId);
  return (
    <h1 className={visuallyHidden}>
      {channel ? (
        <>
          <bdi>#{channel.name}</bdi>
          {group && (
            <>
              {' in '}
              <bdi>{group.name}</bdi>
            </>
          )}
        </>
      ) : group ? (
        <bdi>{group.name}</bdi>
      ) : (
        'Home'
      )}
    </h1>
  );
}
