/** Spec 1 §2: up to 420 px wide, 480 px high. */
export const GIF_PICKER_WIDTH = 420;
export const GIF_PICKER_HEIGHT = 480;
const GAP = 4;
const EDGE = 8;

/**
 * Where the floating picker goes next to the button that opened it: right edges aligned, above it
 * (the composer sits at the bottom) when it fits, else below, else as high as keeps it whole; always
 * inside the window, narrower when the window is.
 */
export function gifPickerPosition(
  anchor: Pick<DOMRect, 'top' | 'bottom' | 'right'> | null,
  viewport: { width: number; height: number },
): { top: number; left: number; width: number; height: number } {
  const width = Math.min(GIF_PICKER_WIDTH, viewport.width - 2 * EDGE);
  const height = Math.min(GIF_PICKER_HEIGHT, viewport.height - 2 * EDGE);
  const maxLeft = viewport.width - width - EDGE;
  const maxTop = viewport.height - height - EDGE;
  if (!anchor) return { top: Math.max(EDGE, maxTop / 2), left: Math.max(EDGE, maxLeft / 2), width, height };
  const left = Math.max(EDGE, Math.min(anchor.right - width, maxLeft));
  const above = anchor.top - GAP - height;
  const below = anchor.bottom + GAP;
  const top = above >= EDGE ? above : below <= maxTop ? below : Math.max(EDGE, Math.min(above, maxTop));
  return { top, left, width, height };
}
