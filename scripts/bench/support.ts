// What several bench sections share: statistics, the built app on a free loopback port, Chromium, child servers, process memory.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { chromium, type Browser } from '@playwright/test';
import { startApp, type RunningApp } from '../../tests/support/app-process';
import { findFreePort } from '../../tests/support/ports';

export const ROOT = path.resolve(__dirname, '..', '..');
export const DIST_DIR = path.resolve(ROOT, process.env.NEXT_DIST_DIR || '.next');
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

/** The median of the n-th sample of `of` minus the n-th of `base`: samples taken side by side, so the machine's moments cancel out. */
export function medianPairedDifference(of: readonly number[], base: readonly number[]): number {
  if (of.length !== base.length) throw new Error(`paired samples differ in number (${of.length} and ${base.length})`);
  return median(of.map((value, at) => value - base[at]!));
}

export function percentile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? NaN;
}

export function round(value: number, digits = 1): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

export function loadNote(): string {
  return `1-minute load average ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} CPUs at the end of this section: figures move with other work on the machine`;
}

/** A `playground-bench-*` folder (inside the run's temp root), removed by the caller. */
export function makeTempDir(label: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `playground-bench-${label}-`));
}

/** Outside Next.js 'server-only' throws: stub it (and any listed module) for this process. */
export function stubModules(stubs: Record<string, Record<string, unknown>> = {}): void {
  const local = createRequire(path.join(ROOT, 'package.json'));
  for (const [request, exports] of Object.entries({ 'server-only': {}, ...stubs })) {
    const resolved = local.resolve(request);
    local.cache[resolved] = { id: resolved, filename: resolved, loaded: true, exports } as NodeJS.Module;
  }
}

export function hasBuild(): boolean {
  return fs.existsSync(path.join(DIST_DIR, 'BUILD_ID'));
}

export const NO_BUILD_NOTE = `no production build in ${path.relative(ROOT, DIST_DIR)}: run \`npm run build\` first`;

export interface BenchApp extends RunningApp {
  dataDir: string;
  close(): Promise<void>;
}

/** The production build (`next start`) on a free loopback port with its own PGlite folder; `env` adds settings. */
export async function startBuiltApp(label: string, env: Record<string, string> = {}): Promise<BenchApp> {
  const dataDir = makeTempDir(label);
  try {
    const app = await startApp(await findFreePort(), { PGLITE_DIR: path.join(dataDir, 'pglite'), LOCAL_GATEWAY_TOKENS_PER_SECOND: '0', ...env }, 180_000);
    return {
      ...app,
      dataDir,
      async close() {
        await app.stop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

export interface ChildServer {
  url: string;
  pid: number;
  close(): Promise<void>;
}

/** Runs `scripts/bench/<script>` in its own Node process; it prints `listening <url>` once ready. */
export async function startChildServer(script: string, args: string[] = []): Promise<ChildServer> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, script), ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  const url = await new Promise<string>((resolve, reject) => {
    let seen = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      seen += chunk.toString('utf8');
      const match = /listening (\S+)/.exec(seen);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`${script} exited (${code}) before listening`)));
  });
  return {
    url,
    pid: child.pid ?? 0,
    close: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Resident memory of a process in MB (Linux /proc), or NaN when it cannot be read. */
export function readRssMb(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1]);
    return kb / 1024;
  } catch {
    return NaN;
  }
}

let ticksPerSecond: number | undefined;
/** The clock ticks /proc counts CPU time in (USER_HZ, as `getconf CLK_TCK` says; 100 on Linux unless it cannot be read). */
function clockTicksPerSecond(): number {
  if (ticksPerSecond === undefined) {
    const read = spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' });
    const value = Number(read.stdout?.trim());
    ticksPerSecond = read.status === 0 && Number.isInteger(value) && value > 0 ? value : 100;
  }
  return ticksPerSecond;
}

/** CPU time a process has used so far (user + system), in clock ticks (Linux /proc), or NaN when it cannot be read. */
function readCpuTicks(pid: number): number {
  try {
    // The fields after the command name (which may hold spaces and parentheses): utime and stime are the 12th and 13th.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return NaN;
  }
}

/**
 * Waits until every process in `pids` has been idle (under 10 % of a CPU) for a whole `windowMs`, or `maxMs` has passed:
 * e.g. the app writing the recordings of a burst it has just served. Resolves to the time waited.
 */
export async function untilProcessesIdle(pids: readonly number[], { windowMs = 500, maxMs = 20_000 } = {}): Promise<number> {
  const started = performance.now();
  const ticksPerMs = clockTicksPerSecond() / 1000;
  let before = pids.map(readCpuTicks);
  while (performance.now() - started < maxMs) {
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    const now = pids.map(readCpuTicks);
    const isIdle = now.every((ticks, at) => !(ticks - before[at]! > windowMs * ticksPerMs * 0.1));
    before = now;
    if (isIdle) break;
  }
  return performance.now() - started;
}
