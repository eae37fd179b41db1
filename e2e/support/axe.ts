import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** DESIGN: WCAG 2.2 AA, so every A and AA rule set up to 2.2. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** Enough of an element's HTML to recognise it. */
const HTML_EXCERPT_LENGTH = 300;

/** Runs axe on the page as it is now and fails with a readable list of what it found. */
export async function expectNoA11yViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const report = results.violations
    .map((violation) => {
      const nodes = violation.nodes.map((node) => {
        const html =
          node.html.length > HTML_EXCERPT_LENGTH
            ? `${node.html.slice(0, HTML_EXCERPT_LENGTH)}…`
            : node.html;
        const why = node.failureSummary?.replace(/\n/g, '\n      ') ?? '';
        return `    - ${node.target.join(' ')}\n      ${html}\n      ${why}`;
      });
      return [
        `[${violation.impact ?? 'unknown'}] ${violation.id}: ${violation.help}`,
        `  ${violation.helpUrl}`,
        ...nodes,
      ].join('\n');
    })
    .join('\n\n');
  expect(results.violations.length, `axe found violations on ${page.url()}:\n\n${report}`).toBe(0);
}
