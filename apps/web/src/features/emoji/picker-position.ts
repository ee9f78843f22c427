/** Spec 1 §9: the picker is 372 px wide (340 px on a phone, where it is centred instead). */
export const PICKER_WIDTH = 372;
export const PICKER_HEIGHT = 440;
const GAP = 4;
const EDGE = 8;

/**
 * Where the floating picker goes next to the control that opened it: right edges aligned, below it
 * when it fits, else above, else as low as keeps it whole; always inside the window.
 */
export function pickerPosition(
  anchor: Pick<DOMRect, 'top' | 'bottom' | 'right'> | null,
  viewport: { width: number; height: number },
): { top: number; left: number } {
  const height = Math.min(PICKER_HEIGHT, viewport.height - 2 * EDGE);
  const maxLeft = viewport.width - PICKER_WIDTH - EDGE;
  const maxTop = viewport.height - height - EDGE;
  if (!anchor) return { top: Math.max(EDGE, maxTop / 2), left: Math.max(EDGE, maxLeft / 2) };
  const left = Math.max(EDGE, Math.min(anchor.right - PICKER_WIDTH, maxLeft));
  const below = anchor.bottom + GAP;
  const above = anchor.top - GAP - height;
  const top = below <= maxTop ? below : above >= EDGE ? above : Math.max(EDGE, maxTop);
  return { top, left };
}
