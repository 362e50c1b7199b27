import { spawn } from 'node:child_process';
import { join } from 'node:path';

const MAIN = join(__dirname, '..', '..', 'dist', 'app', 'backend', 'src', 'main.js');

export interface MainExit {
  code: number | null;
  stderr: string;
  stdout: string;
}

/** Runs the built entry point with exactly this environment (and PATH) until it exits by itself: a refused start. */
export function runMainUntilExit(env: Record<string, string | undefined>): Promise<MainExit> {
  const clean = Object.fromEntries(Object.entries({ PATH: process.env.PATH, ...env }).filter(([, v]) => v !== undefined)) as Record<string, string>;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [MAIN], { env: clean, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let stdout = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stderr, stdout }));
  });
}
