import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import styles from './Attachments.module.css';

export interface DropZoneProps {
  /** False while the composer is disabled: drops are then ignored (spec 1 §5). */
  enabled: boolean;
  onFiles(files: File[]): void;
  children: ReactNode;
}

const carriesFiles = (event: DragEvent) => [...event.dataTransfer.types].includes('Files');

/** The conversation as a drop target: dragging files over it shows 'Drop files here to attach'. */
export function DropZone({ enabled, onFiles, children }: DropZoneProps) {
  const [over, setOver] = useState(false);
  // dragenter and dragleave fire for every child crossed: count them to know when the pointer really left.
  const depth = useRef(0);
  const accept = (event: DragEvent) => enabled && carriesFiles(event);
  return (
    <div
      className={styles.dropZone}
      onDragEnter={(event) => {
        if (!accept(event)) return;
        event.preventDefault();
        depth.current++;
        setOver(true);
      }}
      onDragOver={(event) => {
        if (!accept(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
      }}
      onDragLeave={(event) => {
        if (!accept(event)) return;
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setOver(false);
      }}
      onDrop={(event) => {
        if (!accept(event)) return;
        event.preventDefault();
        depth.current = 0;
        setOver(false);
        const files = [...event.dataTransfer.files];
        if (files.length > 0) onFiles(files);
      }}
    >
      {children}
      {over && (
        <div className={styles.dropOverlay} role="status">
          Drop files here to attach
        </div>
      )}
    </div>
  );
}
