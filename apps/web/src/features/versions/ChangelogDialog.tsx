import { Button, Modal } from '../../ui';
import { ChangelogSections } from './ChangelogSections';

interface Props {
  open: boolean;
  onClose(): void;
  /** The new-version screen (spec 3 §2) or the About tab's View Changelog. */
  welcome: boolean;
  version: string;
}

/** The changelog in a dialog: the new-version screen ('Welcome to Hearth vX!', Get Started) or plain. */
export default function ChangelogDialog({ open, onClose, welcome, version }: Props) {
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={welcome ? `Welcome to Hearth v${version}!` : 'Changelog'}
      size="lg"
      footer={
        <Button variant="primary" onClick={onClose}>
          {welcome ? 'Get Started' : 'Close'}
        </Button>
      }
    >
      <ChangelogSections />
    </Modal>
  );
}
