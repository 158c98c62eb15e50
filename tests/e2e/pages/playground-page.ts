// Page object for the playground (/): the composer, the thread of turns, run controls and the request tools beside it.
import { expect, type Locator, type Page } from '@playwright/test';
import { encodeShareHash } from '@/lib/request-import/share-link';

export class PlaygroundPage {
  readonly root: Locator;
  readonly runPanel: Locator;
  readonly turns: Locator;
  readonly runStatus: Locator;
  readonly sendButton: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('page-playground');
    this.runPanel = page.getByTestId('run-panel');
    this.turns = page.getByTestId('turn');
    this.runStatus = page.getByTestId('run-status');
    this.sendButton = page.getByTestId('send-request');
  }

  async open(query = '') {
    await this.page.goto(`/${query}`);
    await expect(this.page.getByTestId('request-builder')).toBeVisible();
  }

  /** The composer's text box: its accessible name is the API field it fills. */
  get composer(): Locator {
    return this.page.getByRole('textbox', { name: 'input', exact: true });
  }

  /** The box that continues the open thread. */
  get followUp(): Locator {
    return this.page.getByTestId('follow-up-input');
  }

  get issueSummary(): Locator {
    return this.page.getByTestId('issue-summary');
  }

  /** The JSON editor's text (exactly what is sent). */
  get jsonText(): Locator {
    return this.page.getByTestId('json-editor').locator('.cm-content');
  }

  /** Opens the tools section if needed and adds a tool of `kind`; returns its editor. */
  async addTool(kind: string): Promise<Locator> {
    const section = this.page.getByTestId('section-tools');
    if ((await section.getAttribute('open')) === null) await section.locator('summary').click();
    const before = await section.locator('[data-testid^="tool-"][data-testid$="-remove"]').count();
    await this.page.getByTestId('tool-kind').selectOption(kind);
    await this.page.getByTestId('add-tool').click();
    const tool = this.page.getByTestId(`tool-${before}`);
    await expect(tool).toBeVisible();
    return tool;
  }

  turn(index: number): Locator {
    return this.turns.nth(index);
  }

  /** Replaces the draft with `body` through a share link (confirming the diff). */
  async loadBody(body: Record<string, unknown>) {
    await this.page.goto('about:blank');
    await this.page.goto(`/${encodeShareHash(body)}`);
    await this.page.getByTestId('import-confirm').click();
  }

  async sendBody(body: Record<string, unknown>) {
    await this.loadBody(body);
    await this.sendButton.click();
  }

  /** The request a turn sent, as shown in its "Request sent" disclosure. */
  async requestSent(turn: Locator): Promise<{ headers: Record<string, string>; body: Record<string, unknown> }> {
    const block = turn.getByLabel('Request', { exact: true });
    if (!(await block.isVisible())) await turn.getByText('Request sent').click();
    return JSON.parse((await block.textContent()) ?? '{}') as { headers: Record<string, string>; body: Record<string, unknown> };
  }
}
