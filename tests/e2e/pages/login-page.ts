// Page object for /login: the access-token form.
import { expect, type Locator, type Page } from '@playwright/test';

export class LoginPage {
  readonly root: Locator;
  readonly token: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('page-login');
    this.token = page.getByLabel('Access token');
    this.error = page.getByTestId('login-error');
  }

  async open(query = '') {
    await this.page.goto(`/login${query}`);
    await expect(this.root).toBeVisible();
  }

  async signIn(token: string) {
    await this.token.fill(token);
    await this.page.getByRole('button', { name: 'Sign in' }).click();
  }
}
