// Page object for /settings: health and the browser key form.
import { expect, type Locator, type Page } from '@playwright/test';

export class SettingsPage {
  readonly root: Locator;
  readonly health: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('page-settings');
    this.health = page.getByTestId('health-panel');
  }

  async open() {
    await this.page.goto('/settings');
    await expect(this.root).toBeVisible();
  }

  async expectHealthy() {
    await expect(this.page.getByTestId('health-status')).toHaveText('ok');
  }
}
