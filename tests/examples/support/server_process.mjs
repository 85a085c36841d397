// Starts the example server (build/native/examples/server/kiln_server) on a free loopback port
// for one test, and stops it: SIGTERM, then waits for it to exit.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../../../', import.meta.url));
export const serverBinary = join(root, 'build/native/examples/server/kiln_server');

/** Resolves to { base, log(), stats(), rssBytes(), stop() } once the server listens. */
export function startServer(args = []) {
  if (!existsSync(serverBinary)) throw new Error(`${serverBinary} is missing: run scripts/build.sh native`);
  const child = spawn(serverBinary, ['--port', '0', '--static', '/app/=examples/server/web/',
    '--static', '/kiln-sdk/=js/', ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (d) => { stderr += d; });
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal, stdout })));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', () => reject(new Error(`kiln_server exited early: ${stderr}`)));
    child.stdout.on('data', (d) => {
      stdout += d;
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)\//.exec(stdout);
      if (!m) return;
      const base = m[1];
      resolve({
        base,
        log: () => stderr,
        stats: async () => (await fetch(`${base}/stats`)).json(),
        rssBytes: () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))[1]) * 1024,
        stop: async () => {
          child.kill('SIGTERM');
          const result = await exited;
          return { ...result, stdout };
        },
      });
    });
  });
}
