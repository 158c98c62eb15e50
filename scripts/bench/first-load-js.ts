// First-load JavaScript of each page: the script chunks a page's HTML references, read from the build output (raw and gzip bytes).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { BenchSection } from './types';

const PAGES = ['/', '/jobs', '/chains', '/settings'];

export async function measureFirstLoadJs(origin: string, distDir: string): Promise<BenchSection> {
  const rows: BenchSection['rows'] = [];
  for (const page of PAGES) {
    const html = await (await fetch(`${origin}${page}`)).text();
    const sources = [...new Set([...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((match) => match[1] ?? ''))];
    let raw = 0;
    let gzip = 0;
    for (const source of sources) {
      const relative = decodeURIComponent(source.replace(/^\/_next\//, '').split('?')[0] ?? '');
      const file = path.join(distDir, relative);
      if (!fs.existsSync(file)) continue;
      const bytes = fs.readFileSync(file);
      raw += bytes.length;
      gzip += zlib.gzipSync(bytes).length;
    }
    rows.push({ page, scripts: sources.length, 'raw KiB': round(raw / 1024), 'gzip KiB': round(gzip / 1024) });
  }
  return { title: 'First-load JavaScript per page (from the production build)', rows, notes: [] };
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
