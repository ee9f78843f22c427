import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/** One line per rule and up to five offending elements, so a failure says what to fix. */
function describe(violations: readonly Violation[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 5)
        .map((n) => `    ${n.target.join(' ')}\n      ${n.failureSummary?.replace(/\n/g, '\n      ') ?? ''}`)
        .join('\n');
      const more = v.nodes.length > 5 ? `\n    … and ${v.nodes.length - 5} more` : '';
      return `[${v.impact ?? 'n/a'}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes}${more}`;
    })
    .join('\n\n');
}

/**
 * Runs axe-core over the whole page and fails with a readable list when anything is found; `what`
 * names the screen in the message. Every rule axe runs by default (best practices included), plus
 * label-in-name (label-content-name-mismatch), which axe still marks experimental and leaves off.
 */
export async function expectNoAxeViolations(page: Page, what: string): Promise<void> {
  // Colours half-way through a transition (a theme just chosen fades the group rail's buttons for
  // 0.15 s) are not what a person reads: axe judges the page once its finite animations are done.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const { violations } = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  expect(
    violations.map((v) => v.id),
    `axe found problems on ${what}:\n\n${describe(violations)}`,
  ).toEqual([]);
}
