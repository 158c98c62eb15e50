import { expect, test } from '@playwright/test';

test('a background request becomes a job that completes, with its signed webhook deliveries on the timeline', async ({ page }) => {
  const captureReply = await page.request.post('/api/webhooks');
  expect(captureReply.status()).toBe(201);
  const capture = (await captureReply.json()) as { id: string; url: string; secret: string };
  expect(capture.url).toMatch(new RegExp(`/api/webhooks/${capture.id}$`));

  const created = await page.request.post('/api/responses', {
    data: { model: 'local-agent', input: 'hello', background: true, webhook_url: capture.url, webhook_secret: capture.secret },
  });
  expect(created.ok()).toBe(true);
  const { id } = (await created.json()) as { id: string };

  await page.goto('/jobs');
  const row = page.locator(`[data-testid="job-row"][data-job-id="${id}"]`);
  await expect(row.getByTestId('job-status')).toHaveText('completed');
  await row.getByTestId('job-select').click();

  const detail = page.getByTestId('job-detail');
  await expect(detail).toHaveAttribute('data-job-id', id);
  await expect(detail.getByTestId('job-detail-status')).toHaveText('completed');
  const deliveries = detail.locator('[data-testid="timeline-entry"][data-kind="delivery"]');
  await expect(deliveries).toHaveCount(3);
  for (const status of ['queued', 'in_progress', 'completed']) {
    await expect(detail.locator(`[data-testid="timeline-entry"][data-kind="delivery"][data-status="${status}"]`)).toHaveAttribute('data-valid', 'true');
  }
  await expect(detail.locator('[data-testid="timeline-entry"][data-kind="submitted"]')).toHaveCount(1);
  // Open result acts as the job's own user: none here, whatever the playground's draft says.
  await expect(row.getByTestId('job-open-result')).toHaveAttribute('href', `/?response=${id}&on_behalf_of=`);

  const captured = (await (await page.request.get(`/api/webhooks/${capture.id}`)).json()) as { deliveries: { signature_valid: boolean }[] };
  expect(captured.deliveries.map((delivery) => delivery.signature_valid)).toEqual([true, true, true]);
});

test('a tampered delivery is stored, answered 401 and explained; replay targets are checked; a scripted answer is used; an unknown id cannot be tracked', async ({ page }) => {
  const capture = (await (await page.request.post('/api/webhooks')).json()) as { id: string; url: string; secret: string };
  const tampered = await page.request.post(`/api/webhooks/${capture.id}`, {
    headers: { 'content-type': 'application/json', 'x-webhook-id': 'evt_e2e', 'x-webhook-signature': `sha256=${'0'.repeat(64)}` },
    data: '{"id":"evt_e2e","type":"response.completed","data":{"id":"resp_not_a_job","status":"completed"}}',
  });
  expect(tampered.status()).toBe(401);

  await page.goto('/jobs');
  const unmatched = page.getByTestId('unmatched-deliveries');
  await expect(unmatched.getByTestId('delivery-verdict').first()).toHaveText('signature invalid');
  await unmatched.getByText('Signature, headers and raw body').first().click();
  await expect(unmatched.getByTestId('explanation-received-digest-hex').first()).toHaveText('0'.repeat(64));

  const { deliveries } = (await (await page.request.get(`/api/webhooks/${capture.id}`)).json()) as { deliveries: { id: number }[] };
  const refused = await page.request.post(`/api/webhooks/${capture.id}/deliveries/${deliveries[0]!.id}/replay`, { data: { target: 'https://example.com/hook' } });
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toMatchObject({ error: { param: 'target' } });

  await page.getByTestId('capture-select').selectOption(capture.id);
  await expect(page.getByTestId('capture-cap')).toContainText('1 of at most 500 deliveries');
  await expect(page.getByTestId('capture-cap')).toContainText('the oldest are evicted');
  await page.getByTestId('capture-answer-status').fill('503');
  await page.getByTestId('capture-answer-save').click();
  await expect(page.getByTestId('capture-answer-form').getByText('Saved.')).toBeVisible();
  const scripted = await page.request.post(`/api/webhooks/${capture.id}`, { headers: { 'content-type': 'application/json' }, data: '{}' });
  expect(scripted.status()).toBe(503);

  await page.getByTestId('track-response-id').fill('resp_does_not_exist');
  await page.getByTestId('track-submit').click();
  await expect(page.getByTestId('track-error')).toBeVisible();
});

test('a job no server has checked since its poll fell due says its status may be stale, in the list and the detail', async ({ page }) => {
  const created = await page.request.post('/api/responses', { data: { model: 'local-agent', input: 'hello', background: true } });
  expect(created.ok()).toBe(true);
  const { id } = (await created.json()) as { id: string };

  await page.goto('/jobs');
  const row = page.locator(`[data-testid="job-row"][data-job-id="${id}"]`);
  await expect(row.getByTestId('job-status')).toHaveText('completed');
  await expect(row.getByTestId('job-may-be-stale')).toHaveCount(0);

  // The jobs API's word when no instance polled the job in time (tests/integration/jobs-refresher-idle.test.ts checks when
  // it says so): the list and the detail show it as said. Only the list and this job's detail are rewritten.
  const overdueSince = '2026-01-02T03:04:05.000Z';
  const jobUrl = new RegExp(`/api/jobs(\\?.*)?$|/api/jobs/${id}$`);
  await page.route(jobUrl, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data?: Array<{ id: string }>; job?: { id: string } };
    if (body.data) body.data = body.data.map((job) => (job.id === id ? { ...job, status: 'in_progress', is_terminal: false, poll_overdue_since: overdueSince } : job));
    if (body.job?.id === id) body.job = { ...body.job, status: 'in_progress', is_terminal: false, poll_overdue_since: overdueSince } as typeof body.job;
    await route.fulfill({ response, json: body });
  });
  await page.reload();
  await expect(row.getByTestId('job-status')).toHaveText('in_progress');
  await expect(row.getByTestId('job-may-be-stale')).toContainText('This status may be stale: it was due to be checked at');
  await row.getByTestId('job-select').click();
  await expect(page.getByTestId('job-detail').getByTestId('job-may-be-stale')).toContainText('no server has checked it since');
});
