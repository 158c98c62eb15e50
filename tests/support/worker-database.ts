// Vitest setup for integration workers: a PGlite folder of this worker's own for code that reaches the app's database without
// a test choosing one (the audit writer behind every in-process gateway call), never the repository's .data folder.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

if (!process.env.PGLITE_DIR) {
  process.env.PGLITE_DIR = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'playground-worker-')), 'db');
}
