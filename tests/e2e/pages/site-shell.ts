// Page object for what every page shares: the header (navigation, theme switch), the skip link, and page-wide layout checks.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';

export type ThemeChoice = 'system' | 'light' | 'dark';

/** The localStorage key the switch writes (components/shell/theme.ts). */
export const THEME_STORAGE_KEY = 'playground-theme';

/** The page background of each theme (the --color-canvas token). */
export const CANVAS_COLOURS = { light: 'rgb(247, 247, 248)', dark: 'rgb(12, 12, 15)' } as const;

export const VIEWPORTS = {
  desktop: { width: 1280, height: 720 },
  phone: { width: 390, height: 844 },
} as const;

function themeOptionName(choice: ThemeChoice): string {
  return `${choice[0]!.toUpperCase()}${choice.slice(1)} theme`;
}

export class SiteShell {
  readonly header: Locator;
  readonly themeSwitch: Locator;
  readonly skipLink: Locator;
  readonly main: Locator;

  constructor(readonly page: Page) {
    this.header = page.getByTestId('site-header');
    this.themeSwitch = page.getByRole('group', { name: 'Theme' });
    this.skipLink = page.getByRole('link', { name: 'Skip to content' });
    this.main = page.locator('main#main-content');
  }

  themeOption(choice: ThemeChoice): Locator {
    return this.themeSwitch.getByRole('radio', { name: themeOptionName(choice) });
  }

  async chooseTheme(choice: ThemeChoice) {
    // The radios are visually hidden: a user clicks the icon (the option's label).
    await this.themeSwitch.locator('label').filter({ has: this.page.getByRole('radio', { name: themeOptionName(choice) }) }).click();
    await expect(this.themeOption(choice)).toBeChecked();
  }

  /** The data-theme attribute on <html> (null: following the system). */
  async themeAttribute(): Promise<string | null> {
    return this.page.evaluate(() => document.documentElement.getAttribute('data-theme'));
  }

  async canvasColour(): Promise<string> {
    return this.page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  }

  async expectTheme(theme: 'light' | 'dark') {
    await expect.poll(() => this.canvasColour()).toBe(CANVAS_COLOURS[theme]);
  }

  /** No sideways scroll: the document is no wider than the window. */
  async expectNoHorizontalOverflow(label: string) {
    const widths = await this.page.evaluate(() => ({ scroll: document.scrollingElement?.scrollWidth ?? 0, inner: window.innerWidth }));
    expect(widths.scroll, `${label}: page is ${widths.scroll}px wide in a ${widths.inner}px window`).toBeLessThanOrEqual(widths.inner);
  }

  /**
   * No sideways scroll at each size of VIEWPORTS in turn (the layout settles after a resize), then back to the size it
   * had; with `testInfo`, a screenshot of each size is kept for a reviewer (`<name>-<size>.png`).
   */
  async expectFitsEveryViewport(label: string, screenshot?: { testInfo: TestInfo; name: string }) {
    const original = this.page.viewportSize();
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      await this.page.setViewportSize(viewport);
      await expect
        .poll(() => this.page.evaluate(() => (document.scrollingElement?.scrollWidth ?? 0) - window.innerWidth), { message: `${label} at ${size}: wider than the window`, timeout: 5_000 })
        .toBeLessThanOrEqual(0);
      if (screenshot) await this.saveScreenshot(screenshot.testInfo, `${screenshot.name}-${size}.png`);
    }
    if (original) await this.page.setViewportSize(original);
  }

  /** axe over the whole page: no violations of any impact. */
  async expectAccessible(label: string) {
    const results = await new AxeBuilder({ page: this.page }).analyze();
    expect(
      results.violations.map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
      label,
    ).toEqual([]);
  }

  /** A full-page screenshot kept in the test's output folder (test-results/, not committed) for a reviewer to look at. */
  async saveScreenshot(testInfo: TestInfo, name: string) {
    await this.page.screenshot({ path: testInfo.outputPath(name), fullPage: true });
  }
}
