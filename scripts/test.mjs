// `npm test`: every check in order (system packages, typecheck, lint, unit, build, integration, end-to-end); stops at the
// first failure. Last, it checks that the run left no temporary folder of its own behind (pass or fail).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';

const steps = [
  ['system packages', 'bash', ['scripts/ensure-system-deps.sh']],
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  ['lint', 'npm', ['run', '--silent', 'lint']],
  ['unit tests', 'npm', ['run', '--silent', 'test:unit']],
  // Before the integration tests: the tests of teams (sign-in, policies, audit, several instances) run the production build.
  ['build', 'npx', ['--no-install', 'next', 'build']],
  ['integration tests', 'npm', ['run', '--silent', 'test:integration']],
  ['end-to-end tests', 'npm', ['run', '--silent', 'test:e2e']],
];

/** The playground's temporary folders (every test folder is named playground-…) now in the system temp folder. */
function tempFolders() {
  try {
    return new Set(fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith('playground-')));
  } catch {
    return new Set();
  }
}

/** Folders this run made and did not remove (another run at the same time on this machine would show up too). */
function leftovers(before) {
  return [...tempFolders()].filter((name) => !before.has(name));
}

const before = tempFolders();
const startedAt = Date.now();
let failed = null;
for (const [name, command, args] of steps) {
  console.log(`\n=== ${name}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
  if (result.status !== 0) {
    failed = { name, code: result.status || 1, detail: result.status ?? result.signal };
    break;
  }
}
const left = leftovers(before);
if (left.length > 0) console.error(`\nnpm test: the run left ${left.length} temporary folder(s) in ${os.tmpdir()}: ${left.join(', ')}`);
if (failed) {
  console.error(`\nnpm test: ${failed.name} failed (exit ${failed.detail}).`);
  process.exit(failed.code);
}
if (left.length > 0) process.exit(1);
console.log(`\nnpm test: all checks passed in ${Math.round((Date.now() - startedAt) / 1000)} s, leaving no temporary folder behind.`);
