import { type AddressInfo, connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

/** Resolves with how long the server took to close the socket, or undefined if it was still open after `waitMs`. */
function closedWithin(socket: Socket, waitMs: number): Promise<number | undefined> {
  const started = Date.now();
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), waitMs);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(Date.now() - started);
    });
    socket.on('error', () => undefined);
    socket.on('data', () => undefined);
  });
}

describe('a connection that stalls is closed (HTTP_REQUEST_TIMEOUT_SECONDS)', () => {
  let testApp: TestApp;
  let port: number;
  beforeAll(async () => {
    testApp = await startTestApp({ configOverrides: { HTTP_REQUEST_TIMEOUT_SECONDS: '1' } });
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    port = (testApp.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await testApp.close();
  });

  function open(): Promise<Socket> {
    return new Promise((resolve) => {
      const socket = connect({ port, host: '127.0.0.1' }, () => resolve(socket));
    });
  }

  it('closes a request whose body stops after 13 of 100,000 bytes', async () => {
    const socket = await open();
    socket.write(
      'POST /web/loginByUsername HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"username":"',
    );
    const elapsed = await closedWithin(socket, 8_000);
    socket.destroy();
    expect(elapsed).toBeDefined();
  });

  it('closes a connection whose headers never end', async () => {
    const socket = await open();
    socket.write('GET /web/api/user/info HTTP/1.1\r\nHost: localhost\r\n');
    const elapsed = await closedWithin(socket, 8_000);
    socket.destroy();
    expect(elapsed).toBeDefined();
  });
});
