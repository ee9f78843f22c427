export const PINS_PANEL_WIDTH = 420;
export const PINS_PANEL_HEIGHT = 520;
const GAP = 4;
const EDGE = 8;

/**
 * Where the pins panel goes: under the header button that opened it, right edges aligned, as
 * Discord's pins popout; inside the window always, narrower and shorter when the window is.
 */
export function pinsPanelPosition(
  anchor: Pick<DOMRect, 'bottom' | 'right'> | null,
  viewport: { width: number; height: number },
): { top: number; left: number; width: number; height: number } {
  const width = Math.min(PINS_PANEL_WIDTH, viewport.width - 2 * EDGE);
  const top = anchor ? Math.min(anchor.bottom + GAP, viewport.height - EDGE - 120) : EDGE;
  const height = Math.min(PINS_PANEL_HEIGHT, viewport.height - top - EDGE);
  const maxLeft = viewport.width - width - EDGE;
  const left = anchor ? Math.max(EDGE, Math.min(anchor.right - width, maxLeft)) : Math.max(EDGE, maxLeft / 2);
  return { top, left, width, height };
}
