// Runs the built playground (`next start`) as a child process on loopback: wait for it to exit, or for /api/health, and stop it.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');
const NEXT_BIN = path.join(ROOT, 'node_modules', 'next', 'dist', 'bin', 'next');

/** Settings of the parent that must not leak into the app under test. */
const CLEARED = ['DATABASE_URL', 'PGLITE_DIR', 'GATEWAY_BASE_URL', 'GATEWAY_API_KEY', 'PLAYGROUND_ACCESS_TOKEN', 'LOCAL_GATEWAY_API_KEYS', 'PORT', 'HOST'];

export interface AppExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** True when it was still running at the deadline and was stopped by us. */
  timedOut: boolean;
}

export interface RunningApp {
  url: string;
  /** The server's process id (`next start` serves in this process), e.g. to read its memory. */
  pid: number;
  output(): { stdout: string; stderr: string };
  /** SIGTERM, then SIGKILL if it has not exited within `graceMs`. */
  stop(graceMs?: number): Promise<AppExit>;
  /** SIGKILL at once, as a crash would end it (no clean shutdown). */
  crash(): Promise<AppExit>;
}

function spawnApp(port: number, env: Record<string, string>): { child: ChildProcess; exited: Promise<AppExit>; output: { stdout: string; stderr: string }; markTimedOut(): void } {
  const base = Object.fromEntries(Object.entries(process.env).filter(([name]) => !CLEARED.includes(name)));
  const child = spawn(process.execPath, [NEXT_BIN, 'start', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: ROOT,
    env: { ...base, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = { stdout: '', stderr: '' };
  child.stdout?.on('data', (chunk: Buffer) => (output.stdout += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output.stderr += chunk.toString('utf8')));
  let timedOut = false;
  const exited = new Promise<AppExit>((resolve) => {
    child.on('exit', (code, signal) => {
      child.stdout?.destroy();
      child.stderr?.destroy();
      resolve({ code, signal, ...output, timedOut });
    });
  });
  return { child, exited, output, markTimedOut: () => (timedOut = true) };
}

function stopChild(child: ChildProcess, exited: Promise<AppExit>, graceMs: number): Promise<AppExit> {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  return exited.finally(() => clearTimeout(timer));
}

/** Starts the app and waits for it to exit by itself; stops it and reports `timedOut` if it is still running after `timeoutMs`. */
export async function runAppUntilExit(port: number, env: Record<string, string>, timeoutMs = 60_000): Promise<AppExit> {
  const app = spawnApp(port, env);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'deadline'>((resolve) => {
    timer = setTimeout(() => resolve('deadline'), timeoutMs);
  });
  const first = await Promise.race([app.exited, deadline]);
  clearTimeout(timer);
  if (first !== 'deadline') return first;
  app.markTimedOut();
  return stopChild(app.child, app.exited, 5_000);
}

/** Starts the app and resolves once GET /api/health answers 200; throws with its output if it exits or never gets healthy. */
export async function startApp(port: number, env: Record<string, string>, timeoutMs = 90_000): Promise<RunningApp> {
  const app = spawnApp(port, env);
  const url = `http://127.0.0.1:${port}`;
  const running: RunningApp = {
    url,
    pid: app.child.pid ?? 0,
    output: () => ({ ...app.output }),
    stop: (graceMs = 10_000) => stopChild(app.child, app.exited, graceMs),
    crash: () => {
      app.child.kill('SIGKILL');
      return app.exited;
    },
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && app.child.exitCode === null) {
    const healthy = await fetch(`${url}/api/health`).then(
      (reply) => reply.ok,
      () => false,
    );
    if (healthy) return running;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const exit = await running.stop(2_000);
  throw new Error(`the app did not become healthy (exit ${exit.code}):\n${exit.stderr.slice(-2000)}`);
}
