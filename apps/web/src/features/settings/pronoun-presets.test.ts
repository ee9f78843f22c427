import { describe, expect, it } from 'vitest';
import { contrast } from '../../themes/colour';
import { backgroundCss, COLOUR_PRESETS } from './pronouns';

/*
 * A preset's text can lie over any stop of its gradient, so it must be readable on every one of them:
 * WCAG AA for normal text, 4.5:1, against each stop.
 */
describe('pronoun colour presets', () => {
  it.each(COLOUR_PRESETS.map((p) => [p.name, p] as const))('%s: its text reaches 4.5:1 on every stop', (_, preset) => {
    const worst = Math.min(...preset.stops.map((stop) => contrast(preset.text, stop)));
    expect(worst, `${preset.text} on ${backgroundCss(preset)}`).toBeGreaterThanOrEqual(4.5);
  });

  it('has the default brand colour and the spec’s flags', () => {
    expect(COLOUR_PRESETS.map((p) => p.name)).toEqual([
      'Default',
      'Pride',
      'Trans',
      'Bi',
      'Pan',
      'Ace',
      'Lesbian',
      'Non-binary',
    ]);
  });
});
