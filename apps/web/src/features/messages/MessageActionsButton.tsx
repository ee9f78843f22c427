import { DropdownMenu, IconButton, type MenuItem } from '../../ui';
import { MoreIcon } from './icons';

/** The '…' of a message's toolbar: the same actions as its context menu. */
export function MessageActionsButton({
  items,
  open,
  onOpenChange,
}: {
  items: readonly MenuItem[];
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  return (
    <DropdownMenu
      label="Message actions"
      items={items}
      open={open}
      onOpenChange={onOpenChange}
      trigger={
        // Not a tab stop of its own: Enter on the message opens the same menu.
        <IconButton aria-label="Message actions" size="sm" tabIndex={-1}>
          <MoreIcon size={18} />
        </IconButton>
      }
    />
  );
}
