import { expect, test, type APIRequestContext } from '@playwright/test';
import { ChainsPage } from './pages/chains-page';
import { JobsPage } from './pages/jobs-page';

// The design system's behaviour where the pages use it: the dialog's focus trap, tabs' roving focus, fields wired to their
// hints and errors, labels in words, the aligned job timeline, and controls named by their own text.

async function createBackgroundJob(request: APIRequestContext): Promise<string> {
  const capture = (await (await request.post('/api/webhooks')).json()) as { url: string; secret: string };
  const created = await request.post('/api/responses', {
    data: { model: 'local-agent', input: 'primitives', background: true, webhook_url: capture.url, webhook_secret: capture.secret },
  });
  expect(created.ok()).toBe(true);
  return ((await created.json()) as { id: string }).id;
}

test('the delete dialog is named by its title, keeps Tab inside, closes on Escape and gives focus back', async ({ page }) => {
  const created = await page.request.post('/api/responses', { data: { model: 'local-agent', input: 'Keep me.' } });
  const { id } = (await created.json()) as { id: string };
  const chains = new ChainsPage(page);
  await chains.open(`?id=${id}`);
  const trigger = chains.turn(id).getByTestId('turn-delete');
  await trigger.click();
  const dialog = chains.deleteDialog();
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAccessibleDescription(new RegExp(`^${id} will be deleted on the gateway`));
  const cancel = dialog.getByRole('button', { name: 'Cancel' });
  const confirm = dialog.getByRole('button', { name: 'Delete' });
  const close = dialog.getByRole('button', { name: 'Close' });
  await expect(cancel).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(confirm).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(close).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(confirm).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
  expect((await page.request.get(`/api/responses/${id}`)).status()).toBe(200);
});

test('job detail tabs: arrows, Home and End move the selection and focus, and show only the chosen panel', async ({ page }) => {
  const id = await createBackgroundJob(page.request);
  const jobs = new JobsPage(page);
  await jobs.open();
  await jobs.select(id);
  const tabs = jobs.detail.getByRole('tablist', { name: 'Job history' });
  const timeline = tabs.getByRole('tab', { name: 'Timeline' });
  const deliveries = tabs.getByRole('tab', { name: /^Webhook deliveries/ });
  await expect(timeline).toHaveAttribute('aria-selected', 'true');
  await expect(jobs.detail.getByRole('tabpanel', { name: 'Timeline' })).toBeVisible();
  await timeline.focus();
  await page.keyboard.press('ArrowRight');
  await expect(deliveries).toBeFocused();
  await expect(deliveries).toHaveAttribute('aria-selected', 'true');
  await expect(timeline).toHaveAttribute('tabindex', '-1');
  await expect(jobs.detail.getByRole('tabpanel', { name: /^Webhook deliveries/ })).toBeVisible();
  await expect(jobs.detail.getByTestId('job-timeline')).toBeHidden();
  await page.keyboard.press('ArrowRight');
  await expect(timeline).toBeFocused();
  await page.keyboard.press('End');
  await expect(deliveries).toBeFocused();
  await page.keyboard.press('Home');
  await expect(timeline).toBeFocused();
  await expect(jobs.detail.getByTestId('job-timeline')).toBeVisible();
});

test('the jobs page labels its fields in words, wires hints and errors to them, and lines up its timeline', async ({ page }) => {
  const id = await createBackgroundJob(page.request);
  const jobs = new JobsPage(page);
  await jobs.open();
  for (const label of ['Response id', 'Status', 'Response id contains']) await expect(jobs.root.getByLabel(label, { exact: true })).toBeVisible();
  await expect(jobs.root.getByRole('textbox', { name: 'Acting as user X-On-Behalf-Of' })).toBeVisible();
  await expect(jobs.root.getByRole('textbox', { name: 'Answer with status' })).toBeVisible();
  await expect(jobs.root.getByRole('textbox', { name: 'Delay before answering (ms)' })).toBeVisible();
  await expect(jobs.root.getByText(/^(response_id|on_behalf_of|q|answer_status|answer_delay_ms)\b/)).toHaveCount(0);

  const responseId = jobs.root.getByRole('textbox', { name: 'Response id', exact: true });
  await expect(responseId).toHaveAccessibleDescription('A background response created elsewhere.');
  await jobs.root.getByRole('button', { name: 'Track' }).click();
  await expect(responseId).toHaveAttribute('aria-invalid', 'true');
  await expect(responseId).toHaveAccessibleDescription('is required A background response created elsewhere.');

  await expect(jobs.row(id).getByTestId('job-status')).toHaveText('completed');
  await jobs.select(id);
  const entries = jobs.detail.getByTestId('timeline-entry');
  await expect(jobs.detail.locator('[data-testid="timeline-entry"][data-kind="delivery"]')).toHaveCount(3);
  const columns = await entries.evaluateAll((items) =>
    items.map((item) => {
      const [time, event] = [item.children[0]!.getBoundingClientRect(), item.children[1]!.getBoundingClientRect()];
      return { timeLeft: Math.round(time.left), timeRight: Math.round(time.right), eventLeft: Math.round(event.left) };
    }),
  );
  expect(new Set(columns.map((column) => `${column.timeLeft}/${column.timeRight}/${column.eventLeft}`)).size).toBe(1);
  expect(columns[0]!.timeRight).toBeLessThanOrEqual(columns[0]!.eventLeft);
});

test('a key/value field names its group by the API field and its buttons by their own text', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('section-identity').getByText('Identity and metadata').click();
  const metadata = page.getByRole('group', { name: 'metadata', exact: true });
  await expect(metadata).toBeVisible();
  await expect(page.getByTestId('field-metadata-add')).toHaveAccessibleName('Add a pair');
  await page.getByTestId('field-metadata-add').click();
  await expect(metadata.getByRole('textbox', { name: 'metadata key 1' })).toBeVisible();
  await expect(metadata.getByRole('button', { name: 'Remove metadata pair 1' })).toBeVisible();
});
