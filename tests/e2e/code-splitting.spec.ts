// Code splitting, timing-free: the playground's first-load scripts hold no CodeMirror; the JSON tab loads it when opened;
// pages without forms (and the shell every page has) load no zod.
import { expect, test, type Response } from '@playwright/test';
import { PlaygroundPage } from './pages/playground-page';

/** A class name CodeMirror's view module writes into its base theme: in the bundle wherever CodeMirror is. */
const CODEMIRROR_MARK = 'cm-scroller';

/** A type name zod's core registers with every schema class: in the bundle wherever zod is. */
const ZOD_MARK = '$ZodType';

function firstLoadScripts(html: string): string[] {
  return [...html.matchAll(/<script[^>]+src="([^"]+)"[^>]*>/g)].filter((match) => !/\snomodule[\s=>]/i.test(match[0])).map((match) => match[1] ?? '');
}

test("the playground's first-load scripts hold no CodeMirror, and opening the JSON tab loads it", async ({ page, request }) => {
  const scripts = firstLoadScripts(await (await request.get('/')).text());
  expect(scripts.length).toBeGreaterThan(3);
  for (const src of scripts) {
    const body = await (await request.get(src)).text();
    expect(body.includes(CODEMIRROR_MARK), `${src} carries CodeMirror`).toBe(false);
  }

  const playground = new PlaygroundPage(page);
  await playground.open();
  const later: Response[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('.js')) later.push(response);
  });
  await expect(await playground.jsonText()).toContainText('"model"');
  const bodies = await Promise.all(later.map((response) => response.text()));
  expect(bodies.some((body) => body.includes(CODEMIRROR_MARK))).toBe(true);
});

test('the shell and /settings load no zod: the one fetcher reads errors and checks ids without it', async ({ request }) => {
  for (const pagePath of ['/', '/settings']) {
    const scripts = firstLoadScripts(await (await request.get(pagePath)).text());
    expect(scripts.length).toBeGreaterThan(3);
    for (const src of scripts) {
      const body = await (await request.get(src)).text();
      expect(body.includes(ZOD_MARK), `${pagePath}: ${src} carries zod`).toBe(false);
    }
  }
});
