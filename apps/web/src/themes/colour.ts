/** Colour arithmetic on '#rrggbb' strings, enough to derive a theme from a few base colours. */

type Rgb = readonly [number, number, number];

export const WHITE = '#ffffff';
export const BLACK = '#000000';

function channels(hex: string): Rgb {
  const n = parseInt(hex.slice(1), 16);
  return [n >> 16, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: Rgb): string {
  return `#${((1 << 24) | (Math.round(r) << 16) | (Math.round(g) << 8) | Math.round(b)).toString(16).slice(1)}`;
}

/** `a` moved the fraction `t` of the way towards `b`. */
export function mix(a: string, b: string, t: number): string {
  const [x, y] = [channels(a), channels(b)];
  return toHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

/** `rgba()` of a colour at an opacity, for tints laid over a background. */
export function alpha(hex: string, opacity: number): string {
  return `rgba(${channels(hex).join(', ')}, ${opacity})`;
}

/** WCAG 2 relative luminance, 0 (black) to 1 (white). */
export function luminance(hex: string): number {
  const linear = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const [r, g, b] = channels(hex);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2 contrast ratio, 1 to 21. */
export function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

/**
 * `colour`, or the nearest step of it towards white (on dark backgrounds) or black (on light ones)
 * that reaches `min` against every background given: muted text, links and the like stay readable
 * whatever base colours a theme picked.
 */
export function readable(colour: string, backgrounds: readonly string[], min: number): string {
  const towards = luminance(backgrounds[0]!) < 0.18 ? WHITE : BLACK;
  for (let step = 0; step <= 20; step++) {
    const candidate = mix(colour, towards, step / 20);
    if (backgrounds.every((bg) => contrast(candidate, bg) >= min)) return candidate;
  }
  return towards;
}

/** White or near-black, whichever reads better on `background` (white when both pass). */
export function textOn(background: string): string {
  const dark = '#111214';
  return contrast(WHITE, background) >= 4.5 || contrast(WHITE, background) >= contrast(dark, background) ? WHITE : dark;
}
