/** Grid columns by count (spec 1 §2): 1, 2, 3, then as many 180 px columns as fit. */
export function gridColumns(count: number): string {
  if (count <= 3) return `repeat(${Math.max(1, count)}, minmax(0, 1fr))`;
  return 'repeat(auto-fit, minmax(180px, 1fr))';
}

/** The largest box a single picture takes in the list. */
export const IMAGE_BOUND = { width: 400, height: 300 };

/** A picture's box in the list: its own proportions, fitted in 400 × 300, so the list never jumps. */
export function imageBox(width: number | null, height: number | null): { width: number; height: number } {
  if (!width || !height) return { ...IMAGE_BOUND };
  const scale = Math.min(1, IMAGE_BOUND.width / width, IMAGE_BOUND.height / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
