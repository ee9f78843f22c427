import { Modal } from '../../../ui';
import styles from './Embeds.module.css';

interface GifPreviewProps {
  href: string;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** The GIF at full size (within the window); Escape, the close button or a click outside closes it. */
export default function GifPreview({ href, open, onOpenChange }: GifPreviewProps) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="GIF"
      size="lg"
      footer={
        <a href={href} target="_blank" rel="noopener noreferrer">
          Open in new tab
        </a>
      }
    >
      <img className={styles.previewImage} src={href} alt="GIF, full size" referrerPolicy="no-referrer" />
    </Modal>
  );
}
