import { expect, test } from '@playwright/test';
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
