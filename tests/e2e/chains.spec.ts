import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { ChainsPage } from './pages/chains-page';

// Each run uses its own users, so the shared e2e database never mixes runs.
const run = Date.now().toString(36);
const ALICE = `alice-${run}`;
const MALLORY = `mallory-${run}`;

async function createResponse(request: APIRequestContext, user: string, input: string, previousResponseId?: string): Promise<string> {
  const reply = await request.post('/api/responses', {
    headers: { 'X-On-Behalf-Of': user },
    data: { model: 'local-agent', input, ...(previousResponseId ? { previous_response_id: previousResponseId } : {}) },
  });
  expect(reply.status(), await reply.text()).toBe(200);
  const body = (await reply.json()) as { id: string; previous_response_id: string | null };
  expect(body.previous_response_id ?? null).toBe(previousResponseId ?? null);
  return body.id;
}

test('a three-turn chain: walk, branch, tree, delete with a broken link, and user scoping', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const chains = new ChainsPage(page);

  const first = await createResponse(page.request, ALICE, 'Turn one: remember the word lantern.');
  const second = await createResponse(page.request, ALICE, 'Turn two: what word?', first);
  const third = await createResponse(page.request, ALICE, 'Turn three: spell it.', second);

  await chains.open();
  await chains.actAs(ALICE);
  await chains.lookUp(third);

  await chains.expectTurnsInOrder([first, second, third]);
  const leaf = chains.turn(third);
  await expect(leaf).toHaveAttribute('data-current', 'true');
  await expect(leaf.getByTestId('turn-status')).toHaveText('completed');
  await expect(leaf.getByTestId('turn-model')).not.toHaveText('unknown');
  await expect(leaf.getByTestId('turn-usage')).toContainText('total tokens');
  await expect(leaf.getByTestId('turn-input-items')).toContainText('Turn three: spell it.');
  await expect(chains.turn(first).getByTestId('turn-input-items')).toContainText('Turn one: remember the word lantern.');
  await chains.openRawJson(leaf);
  await expect(leaf.getByTestId('turn-raw-json')).toContainText(`"previous_response_id": "${second}"`);

  const axe = await new AxeBuilder({ page }).include('[data-testid="page-chains"]').analyze();
  expect(axe.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id)).toEqual([]);

  const continueLink = chains.turn(second).getByTestId('turn-continue');
  await expect(continueLink).toHaveAttribute('href', `/?previous_response_id=${second}`);

  // Branch from turn two: the tree shows turn two with two continuations.
  const branch = await createResponse(page.request, ALICE, 'Turn three, other branch.', second);
  await page.goto(`/chains?id=${branch}`);
  await chains.expectTurnsInOrder([first, second, branch]);
  await expect(chains.treeNode(first)).toHaveCount(1);
  const branches = chains.treeNode(second).locator(':scope > [data-testid="tree-children"] > [data-testid="tree-node"]');
  await expect(branches).toHaveCount(2);
  await expect(branches.nth(0)).toHaveAttribute('data-node-id', third);
  await expect(branches.nth(1)).toHaveAttribute('data-node-id', branch);

  // Clicking a tree node opens its chain.
  await chains.treeNode(third).locator(':scope > a').click();
  await expect(page).toHaveURL(new RegExp(`id=${third}$`));
  await chains.expectTurnsInOrder([first, second, third]);

  // Delete turn two after confirming: its link is explained, the turns around it still show.
  await chains.turn(second).getByTestId('turn-delete').click();
  const dialog = chains.deleteDialog();
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('delete-confirm').click();
  await expect(dialog).toBeHidden();
  await expect(chains.turn(second)).toHaveAttribute('data-turn-kind', 'broken');
  await expect(chains.turn(second)).toHaveAttribute('data-reason', 'deleted');
  await expect(chains.turn(second).getByTestId('broken-title')).toHaveText('Deleted');
  await chains.expectTurnsInOrder([first, second, third]);
  await expect(chains.turn(first)).toHaveAttribute('data-turn-kind', 'turn');
  await expect(chains.turn(third)).toHaveAttribute('data-turn-kind', 'turn');
  await expect(chains.treeNode(second)).toHaveAttribute('data-deleted', 'true');
  expect((await page.request.get(`/api/responses/${second}`, { headers: { 'X-On-Behalf-Of': ALICE } })).status()).toBe(404);

  // Another user cannot open Alice's responses: the gateway says 404 and the page says why.
  expect((await page.request.get(`/api/responses/${third}`, { headers: { 'X-On-Behalf-Of': MALLORY } })).status()).toBe(404);
  await chains.actAs(MALLORY);
  await expect(chains.turn(third)).toHaveAttribute('data-reason', 'other_user');
  await expect(chains.turn(third).getByTestId('broken-title')).toContainText('another user');
  await expect(chains.turn(third).getByTestId('broken-detail')).toContainText(`"${ALICE}"`);
  await expect(chains.turn(third).getByTestId('broken-detail')).toContainText(`"${MALLORY}"`);
  await expect(chains.turn(first)).toHaveAttribute('data-reason', 'other_user');
  await expect(page.getByTestId('chain-view').getByTestId('turn-output')).toHaveCount(0);

  expect(errors).toEqual([]);
});

test('an unknown id and a store:false response are explained, and /chains?id= opens them directly', async ({ page }) => {
  await page.goto('/chains?id=resp_does_not_exist_' + run);
  const turn = page.locator('[data-testid="chain-turn"]');
  await expect(turn).toHaveCount(1);
  await expect(turn).toHaveAttribute('data-reason', 'unknown');
  await expect(turn.getByTestId('broken-title')).toHaveText('Not found');

  const reply = await page.request.post('/api/responses', { data: { model: 'local-agent', input: 'Not kept.', store: false } });
  expect(reply.status()).toBe(200);
  const unstored = ((await reply.json()) as { id: string }).id;
  expect((await page.request.get(`/api/responses/${unstored}`)).status()).toBe(404);
  await page.goto(`/chains?id=${unstored}`);
  await expect(turn).toHaveAttribute('data-turn-id', unstored);
  await expect(turn).toHaveAttribute('data-reason', 'not_stored');
  await expect(turn.getByTestId('broken-detail')).toContainText('store: true');
});

test('a conversation view lists the conversation responses in order', async ({ page }) => {
  const conversation = `conv_e2e_${run}`;
  const create = async (input: string) => {
    const reply = await page.request.post('/api/responses', { headers: { 'X-On-Behalf-Of': ALICE }, data: { model: 'local-agent', input, conversation } });
    expect(reply.status(), await reply.text()).toBe(200);
    return ((await reply.json()) as { id: string }).id;
  };
  const first = await create('Conversation turn one.');
  const second = await create('Conversation turn two.');

  const chains = new ChainsPage(page);
  await chains.open();
  await chains.actAs(ALICE);
  await chains.lookUp(second);
  await chains.turn(second).getByRole('link', { name: conversation }).click();
  await expect(page).toHaveURL(new RegExp(`conversation=${conversation}$`));
  const turns = page.getByTestId('conversation-view').getByTestId('chain-turn');
  await expect(turns).toHaveCount(2);
  expect(await turns.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-turn-id')))).toEqual([first, second]);
  await expect(turns.nth(0).getByTestId('turn-input-items')).toContainText('Conversation turn one.');
  await expect(page.getByTestId('conversation-list')).toContainText(conversation);
});

test('a streamed run shows its final status under Seen responses, not the status it was created with', async ({ page }) => {
  const reply = await page.request.post('/api/responses', { data: { model: 'local-agent', input: 'Say hello', stream: true } });
  const stream = await reply.text();
  expect(stream).toContain('"status":"in_progress"');
  expect(stream).toContain('event: response.completed');
  const id = /"id":"(resp_[^"]+)"/.exec(stream)?.[1] ?? '';
  const chains = new ChainsPage(page);
  await chains.open();
  // The index is written just after the stream ends: reload until it shows there.
  await expect(async () => {
    await page.reload();
    await expect(chains.treeNode(id).getByTestId('tree-node-status')).toHaveText('completed', { timeout: 1_000 });
  }).toPass();
});
