// `npm test`: every check in order (system packages, typecheck, lint, unit, integration, build, end-to-end); stops at the first failure.
import { spawnSync } from 'node:child_process';

const steps = [
  ['system packages', 'bash', ['scripts/ensure-system-deps.sh']],
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  ['lint', 'npm', ['run', '--silent', 'lint']],
  ['unit tests', 'npm', ['run', '--silent', 'test:unit']],
  ['integration tests', 'npm', ['run', '--silent', 'test:integration']],
  ['build', 'npx', ['--no-install', 'next', 'build']],
  ['end-to-end tests', 'npm', ['run', '--silent', 'test:e2e']],
];

const startedAt = Date.now();
for (const [name, command, args] of steps) {
  console.log(`\n=== ${name}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
  if (result.status !== 0) {
    console.error(`\nnpm test: ${name} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status || 1);
  }
}
console.log(`\nnpm test: all checks passed in ${Math.round((Date.now() - startedAt) / 1000)} s.`);
