// JavaScript each page costs: the first-load chunks its HTML references (gzip, from the build output), and the script bytes Chromium downloads before the page is idle.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Browser } from '@playwright/test';
import { figure, type BenchFigure, type BenchSection } from './types';
import { DIST_DIR, hasBuild, launchChromium, loadNote, NO_BUILD_NOTE, round, startBuiltApp, type BenchApp } from './support';

const PAGES = ['/', '/jobs', '/chains', '/settings'];
const FIRST_LOAD_TARGET_KIB = 170;
const TRANSFERRED_TARGET_KIB = 200;

/** The script files a page's HTML references (its first-load chunks), as paths in the build output; `noModule` polyfills, which modern browsers skip, are left out. */
export function listFirstLoadScripts(html: string, distDir: string = DIST_DIR): string[] {
  const tags = [...html.matchAll(/<script[^>]+src="([^"]+)"[^>]*>/g)].filter((match) => !/\snomodule[\s=>]/i.test(match[0]));
  const sources = [...new Set(tags.map((match) => match[1] ?? ''))];
  return sources
    .map((source) => path.join(distDir, decodeURIComponent(source.replace(/^\/_next\//, '').split('?')[0] ?? '')))
    .filter((file) => fs.existsSync(file));
}

/** Compressed script bytes received until the network is idle (CDP's encodedDataLength: what came over the wire). */
async function measureTransferred(browser: Browser, url: string): Promise<{ kib: number; scripts: number }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    const session = await context.newCDPSession(page);
    await session.send('Network.enable');
    const scripts = new Set<string>();
    let bytes = 0;
    session.on('Network.responseReceived', (event: { requestId: string; type: string }) => {
      if (event.type === 'Script') scripts.add(event.requestId);
    });
    session.on('Network.loadingFinished', (event: { requestId: string; encodedDataLength: number }) => {
      if (scripts.has(event.requestId)) bytes += event.encodedDataLength;
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    return { kib: bytes / 1024, scripts: scripts.size };
  } finally {
    await context.close();
  }
}

export async function runFirstLoadBench(): Promise<BenchSection> {
  const title = 'JavaScript per page: first-load chunks (gzip, from the production build) and script bytes on the wire before idle (Chromium)';
  if (!hasBuild()) return { title, rows: [], notes: [NO_BUILD_NOTE] };
  let app: BenchApp | undefined;
  let browser: Browser | undefined;
  try {
    app = await startBuiltApp('first-load');
    browser = await launchChromium();
    const rows: BenchSection['rows'] = [];
    const figures: BenchFigure[] = [];
    for (const page of PAGES) {
      const html = await (await fetch(`${app.url}${page}`)).text();
      const files = listFirstLoadScripts(html);
      let raw = 0;
      let gzip = 0;
      for (const file of files) {
        const bytes = fs.readFileSync(file);
        raw += bytes.length;
        gzip += zlib.gzipSync(bytes).length;
      }
      const transferred = await measureTransferred(browser, `${app.url}${page}`);
      rows.push({
        page,
        'first-load scripts': files.length,
        'raw KiB': round(raw / 1024),
        'gzip KiB': round(gzip / 1024),
        'scripts before idle': transferred.scripts,
        'on the wire before idle KiB': round(transferred.kib),
      });
      figures.push(
        figure(`first-load.${page}.gzip-kib`, `First-load JS of ${page} (gzip)`, gzip / 1024, 'KiB', { max: FIRST_LOAD_TARGET_KIB }),
        figure(`first-load.${page}.wire-kib`, `JS on the wire before idle, ${page}`, transferred.kib, 'KiB', { max: TRANSFERRED_TARGET_KIB }),
      );
    }
    return {
      title,
      rows,
      figures,
      notes: [
        'First-load: every <script src> in the page HTML except the noModule polyfills, read from the build folder and gzipped here. On the wire: a fresh Chromium context loads the page until the network is idle (500 ms without requests), summing the compressed bytes of every script response, lazy chunks included.',
        loadNote(),
      ],
    };
  } finally {
    await browser?.close();
    await app?.close();
  }
}
