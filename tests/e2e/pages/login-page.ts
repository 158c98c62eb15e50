// Page object for /login: the access-token form, or the button to the OpenID provider and its own login and consent pages.
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

  /** Presses "Sign in with …", then fills the provider's own login page (oidc-provider's) and confirms its consent page. */
  async signInWithProvider(login: string, password = 'any password') {
    await this.page.getByTestId('login-oidc').click();
    await this.page.locator('input[name="login"]').fill(login);
    await this.page.locator('input[name="password"]').fill(password);
    await this.page.getByRole('button', { name: 'Sign-in' }).click();
    await this.page.getByRole('button', { name: 'Continue' }).click();
  }
}
