import { expect, test, type Locator } from '@playwright/test';
import { PlaygroundPage } from './pages/playground-page';

test('the form and the JSON editor follow each other, and unknown fields survive form edits', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.open();
  await expect(playground.model).toHaveValue('local-agent');
  await playground.composer.fill('Hello there');
  const sampling = await playground.openSection('section-sampling');
  await sampling.getByTestId('field-temperature').fill('0.7');
  const json = await playground.jsonText();
  await expect(json).toContainText('"input": "Hello there"');
  await expect(json).toContainText('"temperature": 0.7');
  await expect(json).toContainText('"stream": true');

  await playground.replaceJson('{"model":"local-echo","input":"From JSON","top_p":0.5,"a_new_field":{"kept":true}}');
  await expect(playground.model).toHaveValue('local-echo');
  await expect(playground.composer).toHaveValue('From JSON');
  await playground.openTab('settings');
  await expect(page.getByTestId('field-top-p')).toHaveValue('0.5');
  await expect(page.getByTestId('section-extra')).toContainText('a_new_field');

  await page.getByTestId('field-top-p').fill('0.25');
  await expect(await playground.jsonText()).toContainText('"top_p": 0.25');
  await expect(await playground.jsonText()).toContainText('"a_new_field"');

  await playground.replaceJson('{"model": "local-echo",');
  await expect(page.getByTestId('json-editor-error')).toContainText('Line');
  await expect(playground.model).toHaveValue('local-echo');
});

test('an out-of-range value is shown at its field and blocks sending', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.open();
  await playground.composer.fill('hi');
  const sampling = await playground.openSection('section-sampling');
  await sampling.getByTestId('field-temperature').fill('3');
  await expect(page.getByTestId('field-temperature-error')).toContainText('temperature');
  await expect(page.getByTestId('field-temperature')).toHaveAttribute('aria-invalid', 'true');
  await expect(playground.sendButton).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByTestId('composer-blocked')).toContainText('1 problem blocks sending');
  await page.getByTestId('field-temperature').press('ControlOrMeta+Enter');
  await expect(page.getByTestId('send-notice')).toContainText('Not sent');
  await expect(playground.turns).toHaveCount(0);
});

test('a curl import shows its diff and replaces the form only after confirming', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.open();
  await playground.openTab('import');
  await page.getByTestId('import-text').fill(
    `curl http://127.0.0.1:3000/api/v1/llm/responses -H "Authorization: Bearer $GATEWAY_API_KEY" -H 'X-On-Behalf-Of: user-9' --data-raw '{"model":"local-reasoner","input":"imported","max_tool_calls":5}'`,
  );
  await page.getByTestId('import-preview').click();
  const diff = page.getByTestId('import-diff');
  await expect(diff).toBeVisible();
  await expect(diff.getByTestId('import-diff-row').filter({ hasText: 'model' })).toContainText('local-reasoner');
  await expect(diff).toContainText('X-On-Behalf-Of (header)');
  await expect(diff).toContainText('Authorization header is not imported');
  await expect(playground.model).toHaveValue('local-agent');
  await page.getByTestId('import-confirm').click();
  await expect(playground.model).toHaveValue('local-reasoner');
  await expect(playground.chip('chip-acting-as')).toHaveText('acting as user-9');
  await expect(page.getByTestId('import-diff')).toHaveCount(0);
});

test('exported code names the header and the env-var key, never a key', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.open();
  await playground.openSection('section-gateway');
  await page.getByTestId('field-x-on-behalf-of').fill('user-3');
  await playground.openTab('code');
  for (const language of ['curl', 'typescript-fetch', 'typescript-sdk', 'python-requests', 'python-sdk']) {
    await page.getByTestId(`code-language-${language}`).click();
    const code = page.getByTestId('code-export-text');
    await expect(code).toContainText('X-On-Behalf-Of');
    await expect(code).toContainText('GATEWAY_API_KEY');
    await expect(code).not.toContainText('sk-local-playground-dev');
  }
});

test('the draft survives a reload', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.open();
  await playground.composer.fill('Remember me');
  await page.waitForFunction(() => window.localStorage.getItem('request-builder-draft-v1')?.includes('Remember me'));
  await page.reload();
  await expect(playground.composer).toHaveValue('Remember me');
});

test('a simple input sent with Ctrl+Enter through the local gateway shows a response, and the composer is cleared for the next turn', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.open();
  await playground.send('Say hello');
  await expect(page.getByTestId('output-text').first()).not.toBeEmpty();
  await expect(playground.runStatus).toHaveText(/completed/);
  await expect(playground.turn(0).getByTestId('turn-heading')).toHaveText('Say hello');
  await expect(playground.composer).toHaveValue('');
});

test('the composer lays out only itself while typed into (a contained block with its own height), and shows its placeholder only while empty', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.open();
  const box = () =>
    playground.composer.evaluate((element: HTMLTextAreaElement) => ({
      contain: getComputedStyle(element).contain,
      display: getComputedStyle(element).display,
      wrapper: getComputedStyle(element.parentElement!).display,
      height: element.getBoundingClientRect().height,
      lineHeight: parseFloat(getComputedStyle(element).lineHeight),
      placeholder: element.getAttribute('placeholder'),
    }));
  const empty = await box();
  expect(empty).toMatchObject({ contain: 'strict', display: 'block', wrapper: 'block', placeholder: 'Ask something; Ctrl+Enter sends' });
  // Two lines tall, not collapsed by size containment.
  expect(empty.height).toBeGreaterThanOrEqual(2 * empty.lineHeight);

  await playground.composer.pressSequentially('Hi');
  await expect(playground.composer).not.toHaveAttribute('placeholder');
  expect((await box()).height).toBe(empty.height);
  await playground.composer.fill('');
  await expect(playground.composer).toHaveAttribute('placeholder', 'Ask something; Ctrl+Enter sends');

  // Set elsewhere (the JSON editor), the input shows without the placeholder, and emptied there it comes back.
  await playground.replaceJson('{"model":"local-agent","input":"From JSON"}');
  await expect(playground.composer).toHaveValue('From JSON');
  await expect(playground.composer).not.toHaveAttribute('placeholder');
  await playground.replaceJson('{"model":"local-agent","input":""}');
  await expect(playground.composer).toHaveValue('');
  await expect(playground.composer).toHaveAttribute('placeholder', 'Ask something; Ctrl+Enter sends');
});

test('typing into the form reaches the draft without React dispatching its keys; undo, paste and the shortcuts keep working', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.open();
  // What reaches the document (where React listens) from a text control once typing is quiet: only the keydown of keys
  // that do more than type (shortcuts, Enter, arrows).
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { seenTyping: string[] }).seenTyping = seen;
    for (const type of ['keydown', 'keypress', 'textInput', 'beforeinput', 'input', 'keyup']) {
      document.addEventListener(type, (event) => event.target instanceof HTMLTextAreaElement && seen.push(type), { capture: true });
    }
  });
  const seen = () => page.evaluate(() => (window as unknown as { seenTyping: string[] }).seenTyping.splice(0));
  await playground.composer.focus();
  // Quiet typing loads with the first focus: until then React passes the input on itself.
  await expect.poll(async () => {
    await playground.composer.dispatchEvent('keyup');
    return seen();
  }).toEqual([]);

  await playground.composer.pressSequentially('Hello there');
  expect(await seen()).toEqual([]);
  await playground.composer.press('ArrowLeft');
  await playground.composer.press('End');
  expect(await seen()).toEqual(['keydown', 'keydown']);
  await expect(await playground.jsonText()).toContainText('"input": "Hello there"');
  await playground.openTab('settings');

  // Undo and inserted text (what a paste or an IME commit does) are input events too: the draft follows them.
  await playground.composer.press('ControlOrMeta+z');
  // A shortcut's keys (Control, then z with it) reach the page.
  expect(await seen()).toEqual(['keydown', 'keydown']);
  const undone = await playground.composer.inputValue();
  expect(undone).not.toBe('Hello there');
  await expect(await playground.jsonText()).toContainText(`"input": ${JSON.stringify(undone)}`);
  await playground.openTab('settings');
  await playground.composer.focus();
  await page.keyboard.insertText(' pasted');
  await expect(await playground.jsonText()).toContainText(`"input": ${JSON.stringify(`${undone} pasted`)}`);
  await playground.openTab('settings');

  // A field of the side panel types the same way.
  const instructions = (await playground.openSection('section-instructions')).getByTestId('field-instructions');
  await instructions.pressSequentially('Be brief');
  expect(await seen()).toEqual([]);
  await expect(await playground.jsonText()).toContainText('"instructions": "Be brief"');
  await playground.openTab('settings');

  // Ctrl+Enter still sends from the composer (the page's shortcut hears the keydown).
  await playground.composer.fill('Say hello');
  await playground.composer.press('ControlOrMeta+Enter');
  await expect(playground.runStatus).toHaveText(/completed/);
  await expect(playground.turn(0).getByTestId('turn-heading')).toHaveText('Say hello');
});

test('typing repaints only its own part of the page: the parts typing never changes are paint groups (stacking contexts)', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.open();
  const isolation = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).isolation);
  expect(await isolation(page.getByTestId('site-header'))).toBe('isolate');
  expect(await isolation(page.getByTestId('empty-thread'))).toBe('isolate');
  expect(await isolation(page.getByTestId('conversation').locator(':scope > div', { has: page.getByTestId('new-request') }))).toBe('isolate');
  expect(await isolation(page.getByTestId('composer').locator(':scope > div', { has: page.getByTestId('send-request') }))).toBe('isolate');
  const sections = page.getByTestId('request-form').locator(':scope > details, :scope > section');
  expect(await sections.count()).toBeGreaterThan(5);
  expect(new Set(await sections.evaluateAll((elements) => elements.map((element) => getComputedStyle(element).isolation)))).toEqual(new Set(['isolate']));
  // The composer's own text box is not inside one of them: it repaints alone (its own containment).
  expect(await playground.composer.evaluate((element) => element.closest('.isolate'))).toBeNull();
});
