/**
 * What a crop exports (spec 3 §5, spec 2 §5): the picture square, the banner 16:5, a group's icon
 * square at 64×64; JPEG at quality 0.8. The picture's window is round, as it is shown; the others square.
 */
export const CROP_TARGETS = {
  avatar: { aspect: 1, width: 512, height: 512, name: 'profile.jpg', title: 'Crop Profile Picture', round: true },
  banner: { aspect: 16 / 5, width: 1600, height: 320, name: 'banner.jpg', title: 'Crop Profile Banner', round: false },
  groupIcon: { aspect: 1, width: 64, height: 64, name: 'group-icon.jpg', title: 'Crop Group Icon', round: false },
} as const;
export type CropKind = keyof typeof CROP_TARGETS;
export const JPEG_QUALITY = 0.8;

/** Spec 3 §5: an arrow key moves the crop 1 px of the picture, 10 with Shift, 100 with Ctrl or Cmd. */
export function nudgeStep(event: { shiftKey: boolean; ctrlKey: boolean; metaKey: boolean }): number {
  if (event.ctrlKey || event.metaKey) return 100;
  return event.shiftKey ? 10 : 1;
}

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

export interface CropGeometry {
  /** The picture as shown (before zoom), in screen px, and its natural size. */
  shown: { width: number; height: number };
  natural: { width: number; height: number };
  /** The crop window in screen px. */
  cropSize: { width: number; height: number };
  zoom: number;
}

/**
 * The cropper's position after an arrow key: the crop window moves over the picture by `step` pixels
 * of the picture (so the picture moves the other way), kept inside it. Null for any other key.
 */
export function nudged(
  key: string,
  step: number,
  crop: { x: number; y: number },
  g: CropGeometry,
): { x: number; y: number } | null {
  const dir = ARROWS[key];
  if (!dir) return null;
  const scale = (g.shown.width / g.natural.width) * g.zoom;
  const maxX = Math.max(0, (g.shown.width * g.zoom - g.cropSize.width) / 2);
  const maxY = Math.max(0, (g.shown.height * g.zoom - g.cropSize.height) / 2);
  const clamp = (v: number, max: number) => Math.min(max, Math.max(-max, v));
  return {
    x: clamp(crop.x - dir[0] * step * scale, maxX),
    y: clamp(crop.y - dir[1] * step * scale, maxY),
  };
}

/** Draws the cropped part of the picture at the export size and encodes it as JPEG. */
export async function exportCrop(
  image: HTMLImageElement,
  area: { x: number; y: number; width: number; height: number },
  kind: CropKind,
): Promise<File> {
  const target = CROP_TARGETS[kind];
  const canvas = document.createElement('canvas');
  canvas.width = target.width;
  canvas.height = target.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot crop pictures');
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, target.width, target.height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
  if (!blob) throw new Error('The picture could not be encoded');
  return new File([blob], target.name, { type: 'image/jpeg' });
}

/** Spec 3 §5: what may be picked, with the spec's texts. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export function imageProblem(file: File): string | null {
  if (!IMAGE_TYPES.includes(file.type)) return 'Please select a valid image file (JPEG, PNG, GIF, WebP)';
  if (file.size >= IMAGE_MAX_BYTES) return 'Image file must be less than 10MB';
  return null;
}
