// Typing into the request builder: what the queued hand-over to the draft (once a frame) must never lose, and the text
// areas of a long input list scrolling without layers of their own while they look and scroll as before.
import { expect, test, type Page } from '@playwright/test';
import { PlaygroundPage } from './pages/playground-page';

const DRAFT_KEY = 'request-builder-draft-v1';

/** Focuses the composer and waits until quiet typing has loaded (it loads with the first focus). */
async function focusWithQuietTyping(playground: PlaygroundPage) {
  const { page } = playground;
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { seenKeyup: string[] }).seenKeyup = seen;
    document.addEventListener('keyup', (event) => event.target instanceof HTMLTextAreaElement && seen.push('keyup'), { capture: true });
  });
  await playground.composer.focus();
  await expect.poll(async () => {
    await playground.composer.dispatchEvent('keyup');
    return page.evaluate(() => (window as unknown as { seenKeyup: string[] }).seenKeyup.splice(0).length);
  }).toBe(0);
}

test('typing reaches the draft with the next frame and is never lost: the open JSON view follows it, a reload right after the last key keeps it, and a send right after it sends it', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.open();
  await playground.openTab('json');
  await focusWithQuietTyping(playground);
  await playground.composer.pressSequentially('Keep this');
  await expect(page.getByTestId('json-editor').locator('.cm-content')).toContainText('"input": "Keep this"');

  // Reloaded straight after the last key (before the save's 150 ms pause): leaving the page saves what was typed.
  await playground.composer.pressSequentially(', and this');
  await page.reload();
  await expect(playground.composer).toHaveValue('Keep this, and this');
  expect(JSON.parse((await page.evaluate((key) => window.localStorage.getItem(key), DRAFT_KEY))!).body.input).toBe('Keep this, and this');

  // Sent with the key right after typing: the request carries every character.
  await focusWithQuietTyping(playground);
  await playground.composer.fill('');
  await playground.composer.pressSequentially('Say hi');
  await playground.composer.press('ControlOrMeta+Enter');
  await expect(playground.turn(0).getByTestId('turn-heading')).toHaveText('Say hi');
  expect((await playground.requestSent(playground.turn(0))).body.input).toBe('Say hi');
  await expect(playground.composer).toHaveValue('');
});

const LONG_TEXT = 'An earlier turn of the conversation, long enough that its text area scrolls. '.repeat(40);
const ITEMS = 12;

/** The DOM elements that have composited layers of their own (Chromium's layer tree, through the DevTools protocol). */
async function layerOwners(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  const changed = new Promise<Array<{ backendNodeId?: number }>>((resolve) =>
    cdp.on('LayerTree.layerTreeDidChange', (event: { layers?: Array<{ backendNodeId?: number }> }) => event.layers && resolve(event.layers)),
  );
  await cdp.send('LayerTree.enable');
  // A frame after enabling reports the tree.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const layers = await changed;
  const owners: string[] = [];
  for (const layer of layers) {
    if (!layer.backendNodeId) continue;
    const { node } = (await cdp.send('DOM.describeNode', { backendNodeId: layer.backendNodeId })) as { node: { nodeName: string; attributes?: string[] } };
    const attributes = node.attributes ?? [];
    const testId = attributes[attributes.indexOf('data-testid') + 1];
    owners.push(attributes.includes('data-testid') ? `${node.nodeName}#${testId}` : node.nodeName);
  }
  await cdp.detach();
  return owners;
}

test('a long input list: its text areas scroll without layers of their own, look as before, scroll under the wheel, and take typing', async ({ page }) => {
  const input = Array.from({ length: ITEMS }, (_, at) => ({ role: 'user', content: [{ type: 'input_text', text: `${at}: ${LONG_TEXT}` }] }));
  await page.addInitScript(([key, draft]) => window.localStorage.setItem(key, draft), [DRAFT_KEY, JSON.stringify({ body: { model: 'local-agent', input }, onBehalfOf: '' })] as const);
  const playground = new PlaygroundPage(page);
  await playground.open();
  const section = await playground.openSection('section-model-input');
  const last = section.getByTestId(`field-input-${ITEMS - 1}-content-0-text`);
  const above = section.getByTestId(`field-input-${ITEMS - 2}-content-0-text`);
  await last.scrollIntoViewIfNeeded();
  await last.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(' typed');
  await expect(last).toHaveValue(`${ITEMS - 1}: ${LONG_TEXT} typed`);

  // Several text areas near the viewport hold more than they show, and none is a layer of its own.
  const overflowing = await section.locator('textarea').evaluateAll((areas) => areas.filter((area) => area.scrollHeight > area.clientHeight && area.checkVisibility({ contentVisibilityAuto: true })).length);
  expect(overflowing).toBeGreaterThan(1);
  // (An opaque one is four: the box, its scrolled contents, its scrollbar corner and its resizer. The focused box may
  // have one, the overlap of its focus ring, as any focused control.)
  const owners = (await layerOwners(page)).filter((owner) => owner.startsWith('TEXTAREA'));
  expect(owners.filter((owner) => owner !== `TEXTAREA#field-input-${ITEMS - 1}-content-0-text`)).toEqual([]);
  expect(owners.length).toBeLessThanOrEqual(1);

  // It looks as before: the box's own background is see-through, and its wrapper paints the form's surface colour and corners behind it.
  const look = await last.evaluate((area) => {
    const wrapper = area.parentElement!;
    return {
      area: getComputedStyle(area).backgroundColor,
      wrapper: getComputedStyle(wrapper).backgroundColor,
      wrapperRadius: getComputedStyle(wrapper).borderTopLeftRadius,
      areaRadius: getComputedStyle(area).borderTopLeftRadius,
      sameBox: JSON.stringify(wrapper.getBoundingClientRect()) === JSON.stringify(area.getBoundingClientRect()),
      surface: getComputedStyle(area.closest('details')!).backgroundColor,
    };
  });
  expect(look).toMatchObject({ area: 'rgba(0, 0, 0, 0)', wrapper: look.surface, wrapperRadius: look.areaRadius, sameBox: true });

  // The wheel over a box you are not in scrolls that box.
  await above.hover();
  const before = await above.evaluate((area) => area.scrollTop);
  await page.mouse.wheel(0, 120);
  await expect.poll(() => above.evaluate((area) => area.scrollTop)).toBeGreaterThan(before);

  // What was typed is in the draft (the JSON editor shows only the lines in view of so long a body).
  const savedText = () => page.evaluate((key) => JSON.parse(window.localStorage.getItem(key)!).body.input.at(-1).content[0].text as string, DRAFT_KEY);
  await expect.poll(savedText).toBe(`${ITEMS - 1}: ${LONG_TEXT} typed`);
});
