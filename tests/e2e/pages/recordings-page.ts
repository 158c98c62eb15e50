// Page objects for /recordings (list, search, import) and /recordings/{id} (the replay: controls, transcript, events).
import { expect, type Locator, type Page } from '@playwright/test';

export class RecordingsPage {
  readonly rows: Locator;
  readonly importError: Locator;

  constructor(readonly page: Page) {
    this.rows = page.getByTestId('recording-row');
    this.importError = page.getByTestId('recording-import-error');
  }

  /** `origin` is another app's (a second process); the configured one by default. */
  async open(origin = '') {
    await this.page.goto(`${origin}/recordings`);
    await expect(this.page.getByTestId('page-recordings')).toBeVisible();
  }

  /** Picks a file in the import control (the file picker's input). */
  async importFile(file: { name: string; text: string } | string) {
    const input = this.page.getByTestId('recording-file');
    if (typeof file === 'string') await input.setInputFiles(file);
    else await input.setInputFiles({ name: file.name, mimeType: 'application/json', buffer: Buffer.from(file.text) });
  }

  /** Drops a file on the import zone, as a user dragging it from their desktop would. */
  async dropFile(file: { name: string; text: string }) {
    const dataTransfer = await this.page.evaluateHandle(({ name, text }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], name, { type: 'application/json' }));
      return transfer;
    }, file);
    await this.page.getByTestId('recording-drop-zone').dispatchEvent('drop', { dataTransfer });
  }

  row(name: string): Locator {
    return this.rows.filter({ has: this.page.getByTestId('recording-name').getByText(name, { exact: true }) });
  }
}

export class ReplayPage {
  readonly root: Locator;
  readonly controls: Locator;
  readonly turn: Locator;
  readonly items: Locator;
  readonly scrub: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('replay');
    this.controls = page.getByTestId('replay-controls');
    this.turn = page.getByTestId('turn').last();
    this.items = this.turn.getByTestId('output-items').locator(':scope > li');
    this.scrub = page.getByTestId('replay-scrub');
  }

  async open(origin: string, id: string, query = '') {
    await this.page.goto(`${origin}/recordings/${id}${query}`);
    await expect(this.root).toBeVisible();
  }

  async expectEnded() {
    await expect(this.controls).toHaveAttribute('data-ended', 'true', { timeout: 30_000 });
  }

  async delivered(): Promise<number> {
    return Number(await this.controls.getAttribute('data-delivered'));
  }

  /** The text of every output item of the replayed turn, in order. */
  itemTexts(): Promise<string[]> {
    return this.items.allInnerTexts();
  }

  /** Picks a speed as a user does: its label in the speed control (the radio itself is visually hidden). */
  async chooseSpeed(label: '1×' | '2×' | '5×' | 'Instant') {
    await this.page.getByTestId('replay-speed').getByText(label, { exact: true }).click();
  }

  /** Moves the scrub bar to event `index` (0-based), as a user dragging it or pressing arrow keys would. */
  async seek(index: number) {
    await this.scrub.fill(String(index));
  }
}
