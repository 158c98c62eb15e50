// Page object for the playground (/): the conversation (turns, run controls), the composer pinned under it, the context
// chips, and the side panel (settings with field search, JSON, code, import, history, presets, share, events).
import { expect, type Locator, type Page } from '@playwright/test';
import { encodeShareHash } from '@/lib/request-import/share-link';

export type PanelTab = 'settings' | 'json' | 'code' | 'import' | 'history' | 'presets' | 'share' | 'events';

export class PlaygroundPage {
  readonly root: Locator;
  readonly conversation: Locator;
  readonly panel: Locator;
  readonly turns: Locator;
  readonly runStatus: Locator;
  readonly sendButton: Locator;
  readonly stopButton: Locator;
  readonly chips: Locator;
  readonly announcer: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('page-playground');
    this.conversation = page.getByTestId('conversation');
    this.panel = page.getByTestId('request-panel');
    this.turns = page.getByTestId('turn');
    this.runStatus = page.getByTestId('run-status');
    this.sendButton = page.getByTestId('send-request');
    this.stopButton = page.getByTestId('stop-request');
    this.chips = page.getByTestId('context-chips');
    this.announcer = page.getByTestId('run-announcer');
  }

  async open(query = '') {
    await this.page.goto(`/${query}`);
    await expect(this.page.getByTestId('request-builder')).toBeVisible();
  }

  /** The composer's text box: its accessible name is the API field it fills. */
  get composer(): Locator {
    return this.page.getByRole('textbox', { name: 'input', exact: true });
  }

  get model(): Locator {
    return this.page.getByTestId('field-model');
  }

  turn(index: number): Locator {
    return this.turns.nth(index);
  }

  lastTurn(): Locator {
    return this.turns.last();
  }

  async send(text: string) {
    await this.composer.fill(text);
    await this.composer.press('ControlOrMeta+Enter');
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

  async startFromExample(id: string) {
    if (!(await this.page.getByTestId(`example-${id}`).isVisible())) await this.page.getByTestId('new-request').click();
    await this.page.getByTestId(`example-${id}`).click();
    await expect(this.composer).not.toHaveValue('');
  }

  /** The request a turn sent, as shown in its "Request sent" disclosure. */
  async requestSent(turn: Locator): Promise<{ headers: Record<string, string>; body: Record<string, unknown> }> {
    const block = turn.getByLabel('Request', { exact: true });
    if (!(await block.isVisible())) await turn.getByText('Request sent').click();
    return JSON.parse((await block.textContent()) ?? '{}') as { headers: Record<string, string>; body: Record<string, unknown> };
  }

  async openPanel() {
    const toggle = this.page.getByTestId('toggle-panel');
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await expect(this.panel).toBeVisible();
  }

  async openTab(tab: PanelTab) {
    await this.openPanel();
    await this.page.getByTestId(`tab-${tab}`).click();
    await expect(this.page.getByTestId(`tab-${tab}`)).toHaveAttribute('aria-selected', 'true');
  }

  /** Opens a section of the settings tab (e.g. 'section-tools'). */
  async openSection(testId: string): Promise<Locator> {
    await this.openTab('settings');
    const section = this.page.getByTestId(testId);
    if ((await section.getAttribute('open')) === null) await section.locator('summary').click();
    // A section that starts collapsed loads its fields when opened.
    await expect(section.getByTestId('section-loading')).toHaveCount(0);
    return section;
  }

  get fieldSearch(): Locator {
    return this.page.getByTestId('field-search');
  }

  get issueSummary(): Locator {
    return this.page.getByTestId('issue-summary');
  }

  /** The JSON editor's text (exactly what is sent); opens the JSON tab. */
  async jsonText(): Promise<Locator> {
    await this.openTab('json');
    return this.page.getByTestId('json-editor').locator('.cm-content');
  }

  async replaceJson(text: string) {
    const editor = await this.jsonText();
    await editor.click();
    await this.page.keyboard.press('ControlOrMeta+A');
    await this.page.keyboard.insertText(text);
  }

  /** Adds a tool of `kind` in the settings tab; returns its editor. */
  async addTool(kind: string): Promise<Locator> {
    const section = await this.openSection('section-tools');
    const before = await section.locator('[data-testid$="-remove"][data-testid^="tool-"]').count();
    await this.page.getByTestId('tool-kind').selectOption(kind);
    await this.page.getByTestId('add-tool').click();
    const tool = this.page.getByTestId(`tool-${before}`);
    await expect(tool).toBeVisible();
    return tool;
  }

  /** The event log of the latest turn (opens the Events tab). */
  async events(): Promise<Locator> {
    await this.openTab('events');
    return this.page.getByTestId('event-log');
  }

  async eventCount(): Promise<number> {
    const log = await this.events();
    return Number(await log.getByTestId('event-count').textContent());
  }

  async filterEvents(type: string): Promise<Locator> {
    const log = await this.events();
    await log.getByTestId('event-filter').selectOption({ value: type });
    return log.getByTestId('event-row');
  }

  chip(testId: string): Locator {
    return this.page.getByTestId(testId);
  }

  /** Opens a turn's metrics details (response id, every figure). */
  async openMetrics(turn: Locator) {
    const metrics = turn.getByTestId('run-metrics');
    if ((await metrics.getAttribute('open')) === null) await metrics.locator(':scope > summary').click();
    await expect(metrics.getByTestId('response-id')).toBeVisible();
  }

  /** The response id a turn shows in its metrics. */
  async responseId(turn: Locator): Promise<string> {
    return ((await turn.getByTestId('response-id').textContent()) ?? '').trim();
  }

  /** Waits until the open thread shows `headings`, root first, every turn settled as completed. */
  async expectThread(headings: string[]) {
    await expect(this.page.getByTestId('thread-opening')).toHaveCount(0);
    await expect(this.turns.getByTestId('turn-heading')).toHaveText(headings);
    for (let at = 0; at < headings.length; at += 1) await expect(this.turn(at)).toHaveAttribute('data-turn-status', 'completed');
  }

  /** Goes to another page through the header and comes back the same way. */
  async visitAndReturn(label: string) {
    await this.page.getByTestId('site-header').getByRole('link', { name: label, exact: true }).click();
    await expect(this.page).not.toHaveURL(/\/(\?.*)?$/);
    await this.page.getByTestId('site-header').getByRole('link', { name: 'Playground', exact: true }).click();
    await expect(this.page.getByTestId('request-builder')).toBeVisible();
  }
}
