import { expect, test, type Page } from '@playwright/test';
import { ChainsPage } from './pages/chains-page';
import { JobsPage } from './pages/jobs-page';
import { PlaygroundPage } from './pages/playground-page';

// The playground page as one workspace: bugs that lost or corrupted work, each pinned by a test.

test('Ctrl+Enter in the composer of an open thread sends the follow-up only: it continues the thread and nothing else is sent', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.open();
  await playground.send('First question about tides');
  await expect(playground.turn(0)).toHaveAttribute('data-turn-status', 'completed');
  const first = await playground.requestSent(playground.turn(0));
  expect(first.body.previous_response_id).toBeUndefined();

  await playground.send('And the second question');
  await expect(playground.turn(1)).toHaveAttribute('data-turn-status', 'completed');
  const sent = await playground.requestSent(playground.turn(1));
  expect(sent.body.input).toBe('And the second question');
  expect(String(sent.body.previous_response_id)).toMatch(/^resp_/);
  await expect(playground.turn(1).getByTestId('turn-heading')).toHaveText('And the second question');
  await expect(playground.turns).toHaveCount(2);
  await expect(playground.runStatus).toHaveText('completed');
});

test('a field holding text that is not JSON blocks sending: its error, the issue list and Send all say so', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.open();
  await playground.composer.fill('What is the weather in Paris?');
  const tool = await playground.addTool('function');
  const parameters = tool.getByTestId('field-tools-0-parameters');
  await parameters.fill('always');
  await expect(tool.getByTestId('field-tools-0-parameters-error')).toContainText('Not valid JSON');
  await expect(parameters).toHaveAttribute('aria-invalid', 'true');
  await expect(playground.issueSummary).toContainText('tools[0].parameters');
  await expect(playground.issueSummary).not.toContainText('passes the schema');
  await expect(playground.sendButton).toHaveAttribute('aria-disabled', 'true');
  await playground.composer.press('ControlOrMeta+Enter');
  await expect(page.getByTestId('send-notice')).toContainText('Not sent');
  await expect(playground.turns).toHaveCount(0);

  // Fixed text is written to the body and unblocks sending.
  await parameters.fill('{"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"], "additionalProperties": false}');
  await expect(tool.getByTestId('field-tools-0-parameters-error')).toHaveCount(0);
  await expect(playground.sendButton).toHaveAttribute('aria-disabled', 'false');
});

test('an MCP tool is ready when added, and require_approval is a choice (always / never / per tool), not free text', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.open();
  const tool = await playground.addTool('mcp');
  await expect(tool.getByTestId('field-tools-0-server-label')).toHaveValue('docs');
  const approval = tool.getByRole('combobox', { name: /Approval before calls/ });
  await expect(approval).toHaveValue('always');
  await expect(approval.locator('option')).toHaveText(['(not set: always)', 'always: ask before every call', 'never: call without asking', 'per tool: filters by tool name']);
  await approval.selectOption('never');
  await expect(await playground.jsonText()).toContainText('"require_approval": "never"');
  await playground.openTab('settings');
  await approval.selectOption('per_tool');
  await expect(tool.getByTestId('field-tools-0-require-approval').last()).toHaveValue(/"tool_names"/);
  await expect(playground.issueSummary).toContainText('passes the schema');
});

test('Find a field: "/" goes to the search, a few letters leave only the matching fields, Enter goes to the first', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.open();
  await page.getByTestId('toggle-panel').click();
  await expect(playground.panel).toBeHidden();
  await page.locator('body').press('/');
  await expect(playground.fieldSearch).toBeFocused();
  await page.keyboard.type('temp');
  await expect(page.getByTestId('field-temperature')).toBeVisible();
  await expect(page.getByTestId('field-top-p')).toBeHidden();
  await expect(page.getByTestId('section-execution')).toBeHidden();
  await playground.fieldSearch.press('Enter');
  await expect(page.getByTestId('field-temperature')).toBeFocused();

  await playground.fieldSearch.fill('tool_choice');
  await expect(page.getByTestId('field-tool-choice')).toBeVisible();
  await expect(page.getByTestId('field-temperature')).toBeHidden();
  await playground.fieldSearch.fill('');
  await expect(page.getByTestId('section-execution')).toBeVisible();
});

test('settings that change meaning show as chips, each removable, and New request resets to the defaults', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.open();
  await playground.openSection('section-gateway');
  await page.getByTestId('field-x-on-behalf-of').fill('user-42');
  await expect(playground.chip('chip-acting-as')).toHaveText('acting as user-42');
  await playground.send('Remember tide pools');
  await expect(playground.runStatus).toHaveText('completed');
  await expect((await playground.requestSent(playground.turn(0))).headers['X-On-Behalf-Of']).toBe('user-42');
  await expect(playground.chip('chip-continuing')).toContainText('continuing resp_');

  // Background and its webhooks stay set across turns, so they show too, and go in one click.
  await playground.openSection('section-execution');
  await page.getByTestId('field-background').selectOption('true');
  await page.getByTestId('field-webhook-url').fill('http://127.0.0.1:9/hook');
  await expect(playground.chip('chip-background')).toHaveText('background + webhooks');
  await page.getByRole('button', { name: 'Remove background + webhooks' }).click();
  await expect(playground.chip('chip-background')).toHaveCount(0);
  await expect(await playground.jsonText()).not.toContainText('webhook_url');

  await page.getByRole('button', { name: 'Remove acting as user-42' }).click();
  await expect(playground.chip('chip-acting-as')).toHaveCount(0);
  // The thread belongs to user-42: continuing it as nobody is refused, and the error says who it was looked up as.
  await playground.send('And again');
  await expect(playground.turn(1).getByTestId('run-error')).toBeVisible();
  await expect(playground.turn(1).getByTestId('run-error-scope')).toContainText('Looked up acting as no user');

  await playground.composer.fill('half-typed');
  await page.getByTestId('new-request').click();
  await expect(playground.turns).toHaveCount(0);
  await expect(playground.chips).toHaveCount(0);
  await expect(playground.composer).toHaveValue('');
  await expect(playground.composer).toBeFocused();
  await expect(playground.model).toHaveValue('local-agent');
  await expect(page.getByTestId('empty-thread')).toBeVisible();
});

test('the open thread lives in the URL: a reload and a visit to another page bring back the whole chain, and sending continues it', async ({ page }) => {
  test.slow();
  const playground = new PlaygroundPage(page);
  await playground.open();
  await playground.send('First question about tides');
  await expect(playground.turn(0)).toHaveAttribute('data-turn-status', 'completed');
  await playground.send('Second question about moons');
  await expect(playground.turn(1)).toHaveAttribute('data-turn-status', 'completed');
  const head = await playground.responseId(playground.turn(1));
  await expect(page).toHaveURL(`/?response=${head}`);

  await page.reload();
  await playground.expectThread(['First question about tides', 'Second question about moons']);
  await expect(playground.chip('chip-continuing')).toContainText('continuing resp_');

  await playground.visitAndReturn('Jobs');
  await playground.expectThread(['First question about tides', 'Second question about moons']);
  await expect(page).toHaveURL(`/?response=${head}`);

  await playground.send('Third, after coming back');
  await expect(playground.turn(2)).toHaveAttribute('data-turn-status', 'completed');
  expect((await playground.requestSent(playground.turn(2))).body.previous_response_id).toBe(head);

  // New request leaves the thread: the URL and the next visit forget it.
  await page.getByTestId('new-request').click();
  await expect(page).toHaveURL(/\/$/);
  await playground.visitAndReturn('Chains');
  await expect(page.getByTestId('empty-thread')).toBeVisible();
  await expect(playground.turns).toHaveCount(0);
});

test('"Open result" on /jobs opens /?response=<id> with the whole chain, the background turn included', async ({ page }) => {
  test.slow();
  const first = (await (await page.request.post('/api/responses', { data: { model: 'local-agent', input: 'Chain opened from jobs, turn one' } })).json()) as { id: string };
  const created = await page.request.post('/api/responses', {
    data: { model: 'local-agent', input: 'Chain opened from jobs, turn two', background: true, previous_response_id: first.id },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { id } = (await created.json()) as { id: string };

  const jobs = new JobsPage(page);
  await jobs.open();
  await expect(jobs.row(id).getByTestId('job-status')).toHaveText('completed');
  await jobs.row(id).getByTestId('job-open-result').click();
  await expect(page).toHaveURL(`/?response=${id}`);
  const playground = new PlaygroundPage(page);
  await playground.expectThread(['Chain opened from jobs, turn one', 'Chain opened from jobs, turn two']);
  expect(await playground.responseId(playground.turn(0))).toBe(first.id);
  expect(await playground.responseId(playground.turn(1))).toBe(id);
});

test('"Continue from this turn" on /chains opens its chain up to that turn and focuses an empty composer; the next send continues it', async ({ page }) => {
  test.slow();
  const ids: string[] = [];
  for (const input of ['Branching chain, turn one', 'Branching chain, turn two', 'Branching chain, turn three']) {
    const reply = await page.request.post('/api/responses', { data: { model: 'local-agent', input, ...(ids.length ? { previous_response_id: ids.at(-1) } : {}) } });
    ids.push(((await reply.json()) as { id: string }).id);
  }
  const playground = new PlaygroundPage(page);
  await playground.open();
  await playground.composer.fill('half-typed, unrelated');

  const chains = new ChainsPage(page);
  await chains.open(`?id=${ids[2]}`);
  await chains.expectLoaded();
  await chains.turn(ids[1]!).getByTestId('turn-continue').click();
  await playground.expectThread(['Branching chain, turn one', 'Branching chain, turn two']);
  await expect(playground.chip('chip-continuing').locator(`[title="${ids[1]}"]`)).toBeVisible();
  await expect(playground.composer).toBeFocused();
  await expect(playground.composer).toHaveValue('');
  await expect(page).toHaveURL(`/?response=${ids[1]}`);

  await playground.send('A new turn two');
  await expect(playground.turn(2)).toHaveAttribute('data-turn-status', 'completed');
  expect((await playground.requestSent(playground.turn(2))).body.previous_response_id).toBe(ids[1]);
});

test('branching from an earlier turn: the chip says "branch of … (turn 1 of 3)", removing it reopens the thread, sending starts the branch', async ({ page }) => {
  test.slow();
  const playground = new PlaygroundPage(page);
  await playground.open();
  for (const [at, text] of ['Root of the tree', 'Second on the trunk', 'Third on the trunk'].entries()) {
    await playground.send(text);
    await expect(playground.turn(at)).toHaveAttribute('data-turn-status', 'completed');
  }
  const root = await playground.responseId(playground.turn(0));
  await expect(page.getByTestId('branch-from-turn-3')).toHaveCount(0);

  await page.getByTestId('branch-from-turn-1').click();
  await playground.expectThread(['Root of the tree']);
  await expect(playground.chip('chip-branch')).toHaveText(`branch of ${root.slice(0, 14)}… (turn 1 of 3)`);
  await expect(playground.chip('chip-continuing')).toHaveCount(0);
  await expect(playground.composer).toBeFocused();
  const leaf = await page.evaluate(() => new URL(window.location.href).searchParams.get('branch_of'));
  expect(leaf).toMatch(/^resp_/);
  await expect(page).toHaveURL(`/?response=${root}&branch_of=${leaf}`);

  // The branch is in the URL: a reload shows the same branch and its chip.
  await page.reload();
  await playground.expectThread(['Root of the tree']);
  await expect(playground.chip('chip-branch')).toHaveText(`branch of ${root.slice(0, 14)}… (turn 1 of 3)`);

  await page.getByRole('button', { name: `Remove branch of ${root}` }).click();
  await playground.expectThread(['Root of the tree', 'Second on the trunk', 'Third on the trunk']);
  await expect(playground.chip('chip-branch')).toHaveCount(0);

  await page.getByTestId('branch-from-turn-1').click();
  await playground.expectThread(['Root of the tree']);
  await playground.send('A branch off the root');
  await expect(playground.turn(1)).toHaveAttribute('data-turn-status', 'completed');
  expect((await playground.requestSent(playground.turn(1))).body.previous_response_id).toBe(root);
  await expect(playground.chip('chip-branch')).toHaveCount(0);
  await expect(playground.chip('chip-continuing')).toBeVisible();
  await expect(page).not.toHaveURL(/branch_of=/);
});

test('"Open result" for a job created as another user opens the thread as that user, with the acting-as chip set', async ({ page }) => {
  test.slow();
  const user = `jobs-user-${Date.now()}`;
  const created = await page.request.post('/api/responses', {
    headers: { 'X-On-Behalf-Of': user },
    data: { model: 'local-agent', input: 'A job made for someone else', background: true },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { id } = (await created.json()) as { id: string };

  const playground = new PlaygroundPage(page);
  await playground.open();
  await playground.openSection('section-gateway');
  await page.getByTestId('field-x-on-behalf-of').fill('somebody-else');
  await expect(playground.chip('chip-acting-as')).toHaveText('acting as somebody-else');

  const jobs = new JobsPage(page);
  await jobs.open();
  await expect(jobs.row(id).getByTestId('job-status')).toHaveText('completed');
  await expect(jobs.row(id).getByTestId('job-open-result')).toHaveAttribute('href', `/?response=${id}&on_behalf_of=${user}`);
  await jobs.row(id).getByTestId('job-open-result').click();
  await playground.expectThread(['A job made for someone else']);
  await expect(playground.chip('chip-acting-as')).toHaveText(`acting as ${user}`);
  await expect(playground.turn(0).getByTestId('run-error')).toHaveCount(0);
  // The user now lives in the draft, not in the URL: removing the chip is not undone by a reload.
  await expect(page).toHaveURL(`/?response=${id}`);
});

test('a share link imported into a tab with an open thread starts fresh: the old thread is closed and the notice says so', async ({ page }) => {
  test.slow();
  const playground = new PlaygroundPage(page);
  await playground.open();
  await playground.send('A thread that the import closes');
  await expect(playground.turn(0)).toHaveAttribute('data-turn-status', 'completed');
  const old = await playground.responseId(playground.turn(0));

  await playground.loadBody({ model: 'local-agent', input: 'Imported from a share link' });
  await expect(page.getByTestId('thread-notice')).toContainText('Imported request: the open thread');
  await expect(playground.turns).toHaveCount(0);
  await expect(playground.chip('chip-continuing')).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/);
  await expect(playground.composer).toHaveValue('Imported from a share link');

  await playground.sendButton.click();
  await expect(playground.turn(0)).toHaveAttribute('data-turn-status', 'completed');
  await expect(playground.turns).toHaveCount(1);
  expect((await playground.requestSent(playground.turn(0))).body.previous_response_id).toBeUndefined();
  expect(await playground.responseId(playground.turn(0))).not.toBe(old);
  await expect(page.getByTestId('thread-notice')).toHaveCount(0);
});

test('a thread longer than 50 turns says the older turns are not shown; its ?response= link opens them in place, and /chains has the whole chain', async ({ page }) => {
  test.slow();
  const ids: string[] = [];
  for (let turn = 1; turn <= 52; turn += 1) {
    const reply = await page.request.post('/api/responses', { data: { model: 'local-agent', input: `Long chain turn ${turn}`, ...(ids.length ? { previous_response_id: ids.at(-1) } : {}) } });
    expect(reply.ok()).toBe(true);
    ids.push(((await reply.json()) as { id: string }).id);
  }
  const playground = new PlaygroundPage(page);
  await playground.open(`?response=${ids[51]}`);
  await expect(page.getByTestId('thread-opening')).toHaveCount(0, { timeout: 60_000 });
  await expect(playground.turns).toHaveCount(50);
  await expect(playground.turn(0).getByTestId('turn-heading')).toHaveText('Long chain turn 3');
  const cut = page.getByTestId('thread-cut');
  await expect(cut).toContainText('Showing the newest 50 turns of this thread: older turns are not shown.');
  await expect(cut.getByTestId('thread-cut-chains')).toHaveAttribute('href', `/chains?id=${ids[51]}`);
  await expect(cut.getByTestId('thread-cut-older')).toHaveAttribute('href', `/?response=${ids[1]}`);

  // A link inside the playground changes the URL without a remount: the open thread is read again from it.
  await page.evaluate(() => ((window as unknown as { stayedMounted: boolean }).stayedMounted = true));
  await cut.getByTestId('thread-cut-older').click();
  await playground.expectThread(['Long chain turn 1', 'Long chain turn 2']);
  await expect(page.getByTestId('thread-cut')).toHaveCount(0);
  await expect(page).toHaveURL(`/?response=${ids[1]}`);
  expect(await page.evaluate(() => (window as unknown as { stayedMounted?: boolean }).stayedMounted)).toBe(true);
});

test('the transcript follows streaming text until the user scrolls up; "Jump to latest" follows again', async ({ page }) => {
  test.slow();
  const playground = new PlaygroundPage(page);
  await playground.open();
  await playground.send('stream 20000 words');
  const scrollTop = () => page.evaluate(() => document.scrollingElement?.scrollTop ?? 0);
  const distanceToEnd = () => page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollHeight - (root.scrollTop + window.innerHeight);
  });
  const pageHeight = () => page.evaluate(() => document.scrollingElement?.scrollHeight ?? 0);
  await expect.poll(scrollTop).toBeGreaterThan(300);
  await expect(playground.composer).toBeInViewport();
  await expect(page.getByTestId('jump-to-latest')).toHaveCount(0);

  await page.mouse.move(400, 300);
  await page.mouse.wheel(0, -400);
  await expect(page.getByTestId('jump-to-latest')).toHaveText('Following paused: jump to latest');
  const pausedAt = await scrollTop();
  const heightThen = await pageHeight();
  // More text arrives below while the reader stays where they are.
  await expect.poll(pageHeight).toBeGreaterThan(heightThen + 400);
  expect(await scrollTop()).toBe(pausedAt);

  await page.getByTestId('jump-to-latest').click();
  await expect(page.getByTestId('jump-to-latest')).toHaveCount(0);
  await expect.poll(distanceToEnd).toBeLessThan(120);
  await expect.poll(scrollTop).toBeGreaterThan(pausedAt + 400);
  // Escape stops the run (the Stop button moves while the page follows the text).
  await page.keyboard.press('Escape');
  await expect(playground.runStatus).toHaveText('stopped');
});

test('secrets are masked on screen with a Show button: webhook_secret, an MCP server authorization and headers; the request carries them unchanged', async ({ page }) => {
  test.slow();
  const playground = new PlaygroundPage(page);
  await playground.open();
  const tool = await playground.addTool('mcp');
  const authorization = tool.getByTestId('field-tools-0-authorization');
  await authorization.fill('Bearer tok-visible-only-on-request');
  await expect(authorization).toHaveAttribute('type', 'password');
  const showAuthorization = tool.getByRole('button', { name: 'Show tools[0].authorization' });
  await showAuthorization.click();
  await expect(authorization).toHaveAttribute('type', 'text');
  await expect(tool.getByRole('button', { name: 'Hide tools[0].authorization' })).toHaveAttribute('aria-pressed', 'true');

  const headers = tool.getByTestId('field-tools-0-headers');
  await headers.fill('{"X-Api-Key": "hdr-secret-value"}');
  const masking = () => headers.evaluate((element) => getComputedStyle(element).getPropertyValue('-webkit-text-security'));
  await expect.poll(masking).toBe('disc');
  await tool.getByRole('button', { name: 'Show tools[0].headers' }).click();
  await expect.poll(masking).toBe('none');

  const execution = await playground.openSection('section-execution');
  const secret = execution.getByTestId('field-webhook-secret');
  await secret.fill('whsec_typed_secret_0123456789abcdef');
  await expect(secret).toHaveAttribute('type', 'password');
  await execution.getByRole('button', { name: 'Show webhook_secret' }).click();
  await expect(secret).toHaveAttribute('type', 'text');
  await expect(secret).toHaveValue('whsec_typed_secret_0123456789abcdef');
  // The JSON tab masks them too until asked; an edit made there while masked keeps them.
  const json = await playground.jsonText();
  await expect(json).toContainText('"authorization": "••••••••"');
  await expect(json).toContainText('"X-Api-Key": "••••••••"');
  await expect(json).toContainText('"webhook_secret": "••••••••"');
  await expect(json).not.toContainText(/tok-visible|hdr-secret|whsec_typed/);
  await page.getByRole('button', { name: 'Show credentials' }).click();
  await expect(json).toContainText('"authorization": "Bearer tok-visible-only-on-request"');
  await expect(json).toContainText('"X-Api-Key": "hdr-secret-value"');
  await page.getByRole('button', { name: 'Hide credentials' }).click();
  await expect(json).toContainText('"authorization": "••••••••"');
  await playground.replaceJson(((await json.textContent()) ?? '').replace('"model":', '"instructions": "be brief", "model":'));
  await expect(page.getByTestId('json-editor-error')).toHaveCount(0);
  await playground.openSection('section-tools');
  await expect(authorization).toHaveValue('Bearer tok-visible-only-on-request');
  await expect(headers).toHaveValue(/hdr-secret-value/);
});

/** A body carrying all three kinds of credential: webhook_secret (with a capture of this playground), an MCP authorization and headers. */
async function bodyWithCredentials(page: Page, input: string, secrets: { webhook: string; authorization: string; header?: string }) {
  const capture = (await (await page.request.post('/api/webhooks')).json()) as { url: string };
  const mcp: Record<string, unknown> = { type: 'mcp', server_label: 'docs', server_url: 'https://mcp.example.com/sse', require_approval: 'never', authorization: secrets.authorization };
  if (secrets.header) mcp.headers = { 'X-Api-Key': secrets.header };
  return { model: 'local-agent', input, background: true, webhook_url: capture.url, webhook_secret: secrets.webhook, tools: [mcp] };
}

test('"Request sent" masks the credentials a turn carried, with a Show button; the gateway got them as typed', async ({ page }) => {
  test.slow();
  const playground = new PlaygroundPage(page);
  await playground.open();
  // Typed into the JSON tab: a share link would leave the credentials out.
  await playground.replaceJson(JSON.stringify(await bodyWithCredentials(page, 'hello with credentials', { webhook: 'whsec_sent_secret_0123456789abcdef', authorization: 'Bearer tok-sent-secret', header: 'hdr-sent-secret' })));
  await playground.sendButton.click();
  const turn = playground.turn(0);
  await expect(turn).toHaveAttribute('data-turn-status', 'completed');
  const masked = await playground.requestSent(turn);
  expect(masked.body.webhook_secret).toBe('••••••••');
  expect(masked.body.tools).toEqual([expect.objectContaining({ server_label: 'docs', authorization: '••••••••', headers: { 'X-Api-Key': '••••••••' } })]);
  await turn.getByTestId('request-sent-reveal').click();
  await expect(turn.getByTestId('request-sent-reveal')).toHaveText('Hide credentials');
  const shown = await playground.requestSent(turn);
  expect(shown.body.webhook_secret).toBe('whsec_sent_secret_0123456789abcdef');
  expect(shown.body.tools).toEqual([expect.objectContaining({ authorization: 'Bearer tok-sent-secret', headers: { 'X-Api-Key': 'hdr-sent-secret' } })]);
});

test('a reopened history entry whose credentials read <redacted> cannot be sent until they are entered again, each named at its field', async ({ page }) => {
  test.slow();
  const playground = new PlaygroundPage(page);
  const input = `reopen with credentials ${Date.now()}`;
  await playground.open();
  await playground.replaceJson(JSON.stringify(await bodyWithCredentials(page, input, { webhook: 'whsec_history_secret_0123456789abcdef', authorization: 'Bearer tok-history' })));
  await playground.sendButton.click();
  await expect(playground.turn(0)).toHaveAttribute('data-turn-status', 'completed');
  await playground.openTab('history');
  await page.getByTestId('history-search').fill(input);
  await expect(page.getByTestId('history-entry')).toHaveCount(1);
  await page.getByTestId('history-reopen').click();
  await expect(page.getByTestId('import-diff')).toContainText('webhook_secret was set but credentials are never stored');
  await page.getByTestId('import-confirm').click();

  await expect(playground.sendButton).toHaveAttribute('aria-disabled', 'true');
  await playground.openTab('settings');
  await expect(playground.issueSummary).toContainText('webhook_secret');
  await expect(playground.issueSummary).toContainText('tools[0].authorization');
  await expect(playground.issueSummary).toContainText('<redacted>');
  const execution = await playground.openSection('section-execution');
  await expect(execution.getByTestId('field-webhook-secret-error')).toContainText("'webhook_secret' reads <redacted>");
  await playground.composer.press('ControlOrMeta+Enter');
  await expect(page.getByTestId('send-notice')).toContainText('Not sent');
  await expect(playground.turns).toHaveCount(1);

  await execution.getByTestId('field-webhook-secret').fill('whsec_entered_again_0123456789abcdef');
  const tools = await playground.openSection('section-tools');
  await tools.getByTestId('field-tools-0-authorization').fill('Bearer tok-entered-again');
  await expect(playground.issueSummary).toHaveText('The body passes the schema.');
  await expect(playground.sendButton).not.toHaveAttribute('aria-disabled', 'true');
});
