// The built site as separate processes (ROLE=api or ROLE=worker, as `npm start` runs them), for
// benches that run several of them on one database: each one's log lines go to a shared log file
// tagged with its name, and the errors it logged (pino level ≥ 50) are kept for the report.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts one process; `ready` resolves with its URL (an api) or undefined (a worker) once it says
 * it runs. `log` is a writable stream for its output.
 */
export function startSiteProcess(name, role, env, log) {
  const child = spawn(process.execPath, ['dist/app/backend/src/main.js'], {
    cwd: root,
    env: { ...process.env, LOCAL_DEMO_DATA: 'false', LOG_LEVEL: 'warn', ...env, ROLE: role },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const errors = [];
  let announced = false;
  const ready = new Promise((resolve, reject) => {
    const onLine = (line) => {
      if (announced) return;
      const match = /Site running at (http:\/\/\S+)|Worker running/.exec(line);
      if (!match) return;
      announced = true;
      resolve(match[1]?.replace('localhost', '127.0.0.1'));
    };
    for (const stream of [child.stdout, child.stderr])
      eachLine(stream, (line) => {
        log?.write(`[${name}] ${line}\n`);
        onLine(line);
        if (!line.startsWith('{')) return;
        try {
          const entry = JSON.parse(line);
          if (entry.level >= 50) errors.push(entry.err?.message ?? entry.msg);
        } catch {
          // not a log line
        }
      });
    child.once('exit', (code, signal) => reject(new Error(`${name} (${role}) exited with ${signal ?? code} before it was ready`)));
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    name,
    role,
    child,
    pid: child.pid,
    ready,
    exited,
    /** Error messages it logged from `mark` on (a number from a previous call's `.length`). */
    errorsSince: (mark = 0) => errors.slice(mark),
    alive: () => child.exitCode === null && child.signalCode === null,
    /** SIGINT (a clean shutdown), SIGKILL if it has not exited within `graceMs`. */
    async stop(graceMs = 15_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await exited;
    },
  };
}

function eachLine(stream, onLine) {
  let pending = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop();
    for (const line of lines) onLine(line);
  });
}

/**
 * The local TCP ports of a process's open sockets (from /proc, Linux): what Postgres shows as a
 * connection's client_port, so a session can be traced back to the process that opened it.
 */
export function localPortsOf(pid) {
  const inodes = new Set();
  let fds;
  try {
    fds = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return new Set();
  }
  for (const fd of fds) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (match) inodes.add(match[1]);
    } catch {
      // closed meanwhile
    }
  }
  const ports = new Set();
  for (const table of ['tcp', 'tcp6']) {
    let text;
    try {
      text = readFileSync(`/proc/${pid}/net/${table}`, 'utf8');
    } catch {
      continue;
    }
    // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode …
    for (const line of text.split('\n').slice(1)) {
      const columns = line.trim().split(/\s+/);
      if (columns.length > 9 && inodes.has(columns[9])) ports.add(Number.parseInt(columns[1].split(':')[1], 16));
    }
  }
  return ports;
}
