import { expect, test } from '@playwright/test';
import { PlaygroundPage } from './pages/playground-page';
import { SiteShell, THEME_STORAGE_KEY } from './pages/site-shell';

test.describe('themes', () => {
  test('with no choice the page follows the system scheme, light or dark', async ({ page }) => {
    const shell = new SiteShell(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/settings');
    await expect(shell.themeOption('system')).toBeChecked();
    expect(await shell.themeAttribute()).toBeNull();
    await shell.expectTheme('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await shell.expectTheme('light');
  });

  test('the switch overrides the system, is remembered across reloads and pages (rendered by the server: no flash), and System follows it again', async ({ page }) => {
    const shell = new SiteShell(page);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/jobs');
    await shell.chooseTheme('dark');
    await shell.expectTheme('dark');
    expect(await shell.themeAttribute()).toBe('dark');
    expect(await page.evaluate((key) => localStorage.getItem(key), THEME_STORAGE_KEY)).toBe('dark');

    // The HTML the server sends already carries the choice, so the first paint is dark.
    const html = await (await page.request.get('/chains')).text();
    expect(html).toMatch(/<html[^>]*data-theme="dark"/);

    await page.reload();
    await expect(shell.themeOption('dark')).toBeChecked();
    await shell.expectTheme('dark');
    await page.getByTestId('nav-chains').click();
    await expect(page.getByTestId('page-chains')).toBeVisible();
    await shell.expectTheme('dark');

    await shell.chooseTheme('light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await shell.expectTheme('light');

    await shell.chooseTheme('system');
    expect(await shell.themeAttribute()).toBeNull();
    await shell.expectTheme('dark');
    await page.reload();
    await expect(shell.themeOption('system')).toBeChecked();
    await shell.expectTheme('dark');
  });

  test('a choice in localStorage wins over a missing cookie', async ({ page, context }) => {
    const shell = new SiteShell(page);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/settings');
    await shell.chooseTheme('dark');
    await context.clearCookies();
    await page.reload();
    await expect(shell.themeOption('dark')).toBeChecked();
    await shell.expectTheme('dark');
  });

  test('the JSON editor takes the theme, and its text box is named by its label', async ({ page }) => {
    const shell = new SiteShell(page);
    await page.emulateMedia({ colorScheme: 'light' });
    const playground = new PlaygroundPage(page);
    await playground.open();
    await playground.openTab('json');
    const editor = page.getByTestId('json-editor').locator('.cm-editor');
    await expect(editor).toBeVisible();
    await expect(editor.getByRole('textbox')).toHaveAccessibleName('request body (JSON)');
    const background = () => editor.evaluate((element) => getComputedStyle(element).backgroundColor);
    await expect.poll(background).toBe('rgb(255, 255, 255)');
    await shell.chooseTheme('dark');
    await expect.poll(background).toBe('rgb(23, 23, 27)');
  });

  test('"Skip to content" is the first thing Tab reaches and moves focus to the page content', async ({ page }) => {
    const shell = new SiteShell(page);
    await page.goto('/jobs');
    await page.keyboard.press('Tab');
    await expect(shell.skipLink).toBeFocused();
    await expect(shell.skipLink).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(shell.main).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.locator('main :focus')).toHaveCount(1);
  });
});
