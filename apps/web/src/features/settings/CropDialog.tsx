import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import Cropper, { type Area, type MediaSize, type Size } from 'react-easy-crop';
import 'react-easy-crop/react-easy-crop.css';
import { Button, Modal } from '../../ui';
import { CROP_TARGETS, exportCrop, nudged, nudgeStep, type CropKind } from './crop';
import styles from './Settings.module.css';

/**
 * The crop dialog (spec 3 §5, and spec 2 §5's group icon): drag or zoom the picture under a 1:1 or 16:5 window, or move it with
 * the arrow keys (1 px, 10 with Shift, 100 with Ctrl/Cmd); Apply exports the part in the window.
 * Loaded only when a picture is picked (it brings the cropping library).
 */
export default function CropDialog({
  file,
  kind,
  onCancel,
  onApply,
}: {
  file: File;
  kind: CropKind;
  onCancel(): void;
  onApply(cropped: File): void;
}) {
  const [url] = useState(() => URL.createObjectURL(file));
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const media = useRef<MediaSize | null>(null);
  const cropSize = useRef<Size | null>(null);
  const [error, setError] = useState<string | null>(null);
  const target = CROP_TARGETS[kind];

  const onKeyDown = (event: KeyboardEvent) => {
    if (!media.current || !cropSize.current) return;
    const next = nudged(event.key, nudgeStep(event), crop, {
      shown: media.current,
      natural: { width: media.current.naturalWidth, height: media.current.naturalHeight },
      cropSize: cropSize.current,
      zoom,
    });
    if (!next) return;
    event.preventDefault();
    event.stopPropagation();
    setCrop(next);
  };
  const onComplete = useCallback((_: Area, pixels: Area) => setArea(pixels), []);

  const apply = async () => {
    if (!area) return;
    try {
      const image = new Image();
      image.src = url;
      await image.decode();
      onApply(await exportCrop(image, area, kind));
    } catch (e) {
      setError((e as Error).message);
    }
  };

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onCancel()}
      title={target.title}
      description="Drag or use the arrow keys to move the picture (Shift: 10 px, Ctrl or Cmd: 100 px); scroll to zoom."
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button onClick={() => void apply()} disabled={!area}>
            Apply
          </Button>
        </>
      }
    >
      {/* The arrow keys nudge the crop while this area has focus. */}
      <div className={styles.cropArea} tabIndex={0} role="group" aria-label="Crop area" onKeyDownCapture={onKeyDown}>
        <Cropper
          image={url}
          crop={crop}
          zoom={zoom}
          aspect={target.aspect}
          cropShape={target.round ? 'round' : 'rect'}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={onComplete}
          onMediaLoaded={(size) => (media.current = size)}
          onCropSizeChange={(size) => (cropSize.current = size)}
          disableAutomaticStylesInjection
          keyboardStep={0}
        />
      </div>
      <label className={styles.zoom}>
        Zoom
        <input
          type="range"
          min={1}
          max={3}
          step={0.01}
          value={zoom}
          onChange={(event) => setZoom(Number(event.target.value))}
        />
      </label>
      {error && (
        <p className={styles.banner} data-kind="error" role="alert">
          {error}
        </p>
      )}
    </Modal>
  );
}
