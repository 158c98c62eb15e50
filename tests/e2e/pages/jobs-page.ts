// Page object for /jobs: the job list and detail, the track form, webhook captures and their deliveries.
import { expect, type Locator, type Page } from '@playwright/test';

export class JobsPage {
  readonly root: Locator;
  readonly jobList: Locator;
  readonly detail: Locator;
  readonly captures: Locator;
  readonly unmatched: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('page-jobs');
    this.jobList = page.getByTestId('job-list');
    this.detail = page.getByTestId('job-detail');
    this.captures = page.getByTestId('webhook-captures');
    this.unmatched = page.getByTestId('unmatched-deliveries');
  }

  async open() {
    await this.page.goto('/jobs');
    await expect(this.root).toBeVisible();
  }

  row(id: string): Locator {
    return this.page.locator(`[data-testid="job-row"][data-job-id="${id}"]`);
  }

  async select(id: string) {
    await this.row(id).getByTestId('job-select').click();
    await expect(this.detail).toHaveAttribute('data-job-id', id);
  }

  async track(responseId: string, onBehalfOf = '') {
    await this.page.getByLabel('Response id').fill(responseId);
    if (onBehalfOf) await this.page.getByLabel('Acting as user').fill(onBehalfOf);
    await this.page.getByRole('button', { name: 'Track' }).click();
  }

  async selectCapture(id: string) {
    await this.captures.getByLabel('Capture').selectOption(id);
    await expect(this.page.getByTestId('capture-detail')).toHaveAttribute('data-capture-id', id);
  }

  async scriptAnswer({ status, delayMs }: { status?: string; delayMs?: string }) {
    if (status !== undefined) await this.page.getByLabel('Answer with status').fill(status);
    if (delayMs !== undefined) await this.page.getByLabel('Delay before answering (ms)').fill(delayMs);
    await this.page.getByRole('button', { name: 'Save answer' }).click();
  }

  /** Opens the signature, headers and raw body of a delivery item. */
  async openDeliveryDetails(item: Locator) {
    await item.getByRole('button', { name: 'Signature, headers and raw body' }).click();
  }
}
