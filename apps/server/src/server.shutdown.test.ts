import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

async function freePort() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('graceful shutdown', () => {
  it('answers a request that was in flight at SIGTERM, then closes the database and exits cleanly', { timeout: 90_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'bolsa-shutdown-'));
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./server.ts', import.meta.url))], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        REDIS_URL: '',
        LOG_LEVEL: 'warn',
        DEMO_DATA: 'false',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      for (let attempt = 0; ; attempt += 1) {
        try {
          if ((await fetch(`http://127.0.0.1:${port}/web/health`)).ok) break;
        } catch {
          // not listening yet
        }
        if (attempt > 300) throw new Error(`server did not start:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(existsSync(join(dataDir, 'server.pid'))).toBe(true);

      // Headers now, body later: the request is in flight when the signal arrives.
      const body = JSON.stringify({ username: 'nobody@example.com', password: 'wrong-password' });
      const socket = connect(port, '127.0.0.1');
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      let response = '';
      socket.on('data', (chunk: Buffer) => {
        response += chunk.toString();
      });
      const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      socket.write(
        `POST /web/loginByUsername HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nlanguages: en\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`,
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      child.kill('SIGTERM');
      // While it drains, a new request is told the service is going away, in the envelope. A server the
      // machine starves of CPU may still answer for a moment before it starts draining; it must never
      // close its port while the request above is in flight (fetch would fail).
      let late = await fetch(`http://127.0.0.1:${port}/web/health`, { headers: { languages: 'en' } });
      for (const deadline = Date.now() + 10_000; late.status === 200 && Date.now() < deadline; ) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        late = await fetch(`http://127.0.0.1:${port}/web/health`, { headers: { languages: 'en' } });
      }
      expect(late.status).toBe(503);
      expect(await late.json()).toMatchObject({ code: 1503, data: null });
      // Write, not end: a half-closed client socket is dropped by Node's HTTP server, which no real client does.
      socket.write(body);
      await closed;

      expect(response, output).toMatch(/^HTTP\/1\.1 400/);
      expect(response).toContain('"msg":"Incorrect email or password"');
      expect(await exited).toBe(0);
      expect(existsSync(join(dataDir, 'server.pid'))).toBe(false);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
