import { expect, test, type Page } from '@playwright/test';

async function openBuilder(page: Page, path = '/') {
  await page.goto(path);
  await expect(page.getByTestId('request-builder')).toBeVisible();
}

async function replaceJson(page: Page, text: string) {
  const editor = page.getByTestId('json-editor').locator('.cm-content');
  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText(text);
}

const jsonText = (page: Page) => page.getByTestId('json-editor').locator('.cm-content');

test('the form and the JSON editor follow each other, and unknown fields survive form edits', async ({ page }) => {
  await openBuilder(page);
  await expect(page.getByTestId('field-model')).toHaveValue('local-agent');
  await page.getByTestId('field-input').fill('Hello there');
  await page.getByTestId('section-sampling').locator('summary').click();
  await page.getByTestId('field-temperature').fill('0.7');
  await expect(jsonText(page)).toContainText('"input": "Hello there"');
  await expect(jsonText(page)).toContainText('"temperature": 0.7');
  await expect(jsonText(page)).toContainText('"stream": true');

  await replaceJson(page, '{"model":"local-echo","input":"From JSON","top_p":0.5,"a_new_field":{"kept":true}}');
  await expect(page.getByTestId('field-model')).toHaveValue('local-echo');
  await expect(page.getByTestId('field-input')).toHaveValue('From JSON');
  await expect(page.getByTestId('field-top-p')).toHaveValue('0.5');
  await expect(page.getByTestId('section-extra')).toContainText('a_new_field');

  await page.getByTestId('field-top-p').fill('0.25');
  await expect(jsonText(page)).toContainText('"top_p": 0.25');
  await expect(jsonText(page)).toContainText('"a_new_field"');

  await replaceJson(page, '{"model": "local-echo",');
  await expect(page.getByTestId('json-editor-error')).toContainText('Line');
  await expect(page.getByTestId('field-model')).toHaveValue('local-echo');
});

test('an out-of-range value is shown at its field and blocks sending', async ({ page }) => {
  await openBuilder(page);
  await page.getByTestId('field-input').fill('hi');
  await page.getByTestId('section-sampling').locator('summary').click();
  await page.getByTestId('field-temperature').fill('3');
  await expect(page.getByTestId('field-temperature-error')).toContainText('temperature');
  await expect(page.getByTestId('field-temperature')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('send-request')).toHaveAttribute('aria-disabled', 'true');
  await page.getByTestId('field-temperature').press('ControlOrMeta+Enter');
  await expect(page.getByTestId('send-notice')).toContainText('Not sent');
  await expect(page.getByTestId('turn')).toHaveCount(0);
});

test('a curl import shows its diff and replaces the form only after confirming', async ({ page }) => {
  await openBuilder(page);
  await page.getByTestId('tab-import').click();
  await page.getByTestId('import-text').fill(
    `curl http://127.0.0.1:3000/api/v1/llm/responses -H "Authorization: Bearer $GATEWAY_API_KEY" -H 'X-On-Behalf-Of: user-9' --data-raw '{"model":"local-reasoner","input":"imported","max_tool_calls":5}'`,
  );
  await page.getByTestId('import-preview').click();
  const diff = page.getByTestId('import-diff');
  await expect(diff).toBeVisible();
  await expect(diff.getByTestId('import-diff-row').filter({ hasText: 'model' })).toContainText('local-reasoner');
  await expect(diff).toContainText('X-On-Behalf-Of (header)');
  await expect(diff).toContainText('Authorization header is not imported');
  await expect(page.getByTestId('field-model')).toHaveValue('local-agent');
  await page.getByTestId('import-confirm').click();
  await expect(page.getByTestId('field-model')).toHaveValue('local-reasoner');
  await expect(page.getByTestId('field-x-on-behalf-of')).toHaveValue('user-9');
  await expect(page.getByTestId('import-diff')).toHaveCount(0);
});

test('exported code names the header and the env-var key, never a key', async ({ page }) => {
  await openBuilder(page);
  await page.getByTestId('section-gateway').locator('summary').click();
  await page.getByTestId('field-x-on-behalf-of').fill('user-3');
  await page.getByTestId('tab-code').click();
  for (const language of ['curl', 'typescript-fetch', 'typescript-sdk', 'python-requests', 'python-sdk']) {
    await page.getByTestId(`code-language-${language}`).click();
    const code = page.getByTestId('code-export-text');
    await expect(code).toContainText('X-On-Behalf-Of');
    await expect(code).toContainText('GATEWAY_API_KEY');
    await expect(code).not.toContainText('sk-local-playground-dev');
  }
});

test('the draft survives a reload, and ?previous_response_id= fills the field', async ({ page }) => {
  await openBuilder(page);
  await page.getByTestId('field-input').fill('Remember me');
  await expect(jsonText(page)).toContainText('Remember me');
  await page.waitForFunction(() => window.localStorage.getItem('request-builder-draft-v1')?.includes('Remember me'));
  await page.reload();
  await expect(page.getByTestId('field-input')).toHaveValue('Remember me');

  await openBuilder(page, '/?previous_response_id=resp_from_chain');
  await page.getByTestId('section-state').locator('summary').click();
  await expect(page.getByTestId('field-previous-response-id')).toHaveValue('resp_from_chain');
  await expect(page.getByTestId('field-input')).toHaveValue('Remember me');
});

test('a simple input sent with Ctrl+Enter through the local gateway shows a response', async ({ page }) => {
  await openBuilder(page);
  await page.getByTestId('field-input').fill('Say hello');
  await page.getByTestId('field-input').press('ControlOrMeta+Enter');
  await expect(page.getByTestId('output-text').first()).not.toBeEmpty();
  await expect(page.getByTestId('run-status')).toHaveText(/completed/);
});
