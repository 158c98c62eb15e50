// Page object for a compare grid (/compare/{id}): the setup (variants through the request form, rows, checks), the run
// controls and progress, the results matrix and its summary, exports.
import fs from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';

export class ComparePage {
  readonly workspace: Locator;
  readonly saveState: Locator;
  readonly runStatus: Locator;
  readonly progressBar: Locator;
  readonly progressText: Locator;
  readonly matrix: Locator;

  constructor(readonly page: Page) {
    this.workspace = page.getByTestId('grid-workspace');
    this.saveState = page.getByTestId('grid-save-state');
    this.runStatus = page.getByTestId('run-status');
    this.progressBar = page.getByRole('progressbar', { name: 'Cells done' });
    this.progressText = page.getByTestId('run-progress-text');
    this.matrix = page.getByTestId('results-matrix');
  }

  async open(origin: string, gridId: string, runId?: string) {
    await this.page.goto(`${origin}/compare/${gridId}${runId ? `?run=${runId}` : ''}`);
    await expect(this.workspace).toBeVisible();
  }

  /** The id of the grid open, from the address bar. */
  gridId(): string {
    return /\/compare\/([^/?#]+)/.exec(this.page.url())?.[1] ?? '';
  }

  variantCard(index: number): Locator {
    return this.page.getByTestId('variant-card').nth(index);
  }

  async addVariant() {
    const before = await this.page.getByTestId('variant-card').count();
    await this.page.getByTestId('add-variant').click();
    await expect(this.page.getByTestId('variant-card')).toHaveCount(before + 1);
  }

  async renameVariant(index: number, label: string) {
    await this.variantCard(index).getByTestId('variant-label').fill(label);
  }

  /** The dialog that edits a variant with the playground's request form. */
  get requestEditor(): Locator {
    return this.page.getByTestId('request-editor');
  }

  /** Opens a variant's request form (the dialog) and waits for the form in it. */
  async openVariantEditor(index: number) {
    await this.variantCard(index).getByTestId('variant-edit').click();
    await expect(this.requestEditor.getByTestId('request-form')).toBeVisible();
  }

  /** Opens the playground's request form for a variant, picks a model there, and keeps the change. */
  async setVariantModel(index: number, model: string) {
    await this.openVariantEditor(index);
    const editor = this.requestEditor;
    await editor.getByTestId('field-model').selectOption(model);
    await expect(editor.getByTestId('request-editor-changes')).toContainText('model');
    await editor.getByTestId('request-editor-done').click();
    await expect(editor).toBeHidden();
    await expect(this.variantCard(index).getByTestId('variant-patch')).toHaveText('Changes model');
  }

  /** The setup is folded when a run is shown (a link with ?run=, a reload): unfold it. */
  async openSetup() {
    const setup = this.page.getByTestId('grid-setup');
    if ((await setup.getAttribute('data-open')) !== 'true') await setup.getByRole('button', { name: /^Setup/ }).click();
  }

  async pasteRows(text: string) {
    await this.openSetup();
    const paste = this.page.getByTestId('rows-paste');
    if ((await paste.getAttribute('data-open')) !== 'true') await paste.getByRole('button', { name: 'Paste CSV or JSONL' }).click();
    await this.page.getByTestId('rows-paste-text').fill(text);
    await this.page.getByTestId('rows-paste-add').click();
  }

  async addCheck(kind: string) {
    await this.page.getByTestId('add-check').click();
    await this.page.getByTestId('check-type').last().selectOption(kind);
  }

  async expectSaved() {
    await expect(this.saveState).toHaveAttribute('data-state', 'saved');
  }

  async run(concurrency?: number) {
    if (concurrency !== undefined) await this.page.getByTestId('run-concurrency').fill(String(concurrency));
    await this.page.getByTestId('run-grid').click();
  }

  async expectRunStatus(status: string, timeout?: number) {
    await expect(this.runStatus).toHaveAttribute('data-status', status, { timeout });
  }

  cell(variantIndex: number, rowIndex: number): Locator {
    return this.page.getByTestId(`cell-${variantIndex}-${rowIndex}`);
  }

  summaryPassRate(variantIndex: number): Locator {
    return this.page.getByTestId('summary-pass-rate').nth(variantIndex);
  }

  /** Clicks Export CSV and returns the downloaded file's text. */
  async exportCsv(): Promise<{ name: string; text: string }> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.page.getByTestId('export-csv').click()]);
    const file = await download.path();
    return { name: download.suggestedFilename(), text: fs.readFileSync(file, 'utf8') };
  }
}
