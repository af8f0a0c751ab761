import { type AddressInfo, connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

const SIX_MB = 6 * 1024 * 1024;

type Sending = { framing: 'length' | 'chunked'; pace: 'fast' | 'slow'; language: string; connection: 'keep-alive' | 'close' };

/**
 * Sends a 6 MB JSON body to a POST route over a real socket (as a client would: the whole body, however
 * the server answers meanwhile) and answers what the server sent: a whole answer, or whatever came before
 * the connection ended.
 */
function sendLargeBody(port: number, sending: Sending): Promise<string> {
  return new Promise((resolve) => {
    const received: Buffer[] = [];
    const socket = connect({ port, host: '127.0.0.1' });
    const finish = () => {
      socket.destroy();
      resolve(Buffer.concat(received).toString('latin1'));
    };
    socket.on('data', (chunk) => {
      received.push(chunk);
      // A whole answer read: its headers and as many bytes as they announce.
      const text = Buffer.concat(received).toString('latin1');
      const headersEnd = text.indexOf('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(text.slice(0, headersEnd))?.[1];
      if (headersEnd >= 0 && length !== undefined && text.length - headersEnd - 4 >= Number(length)) finish();
    });
    socket.on('error', () => undefined);
    socket.on('close', finish);
    const body = Buffer.from(JSON.stringify({ username: 'x'.repeat(SIX_MB), password: 'secret123' }));
    const framing = sending.framing === 'length' ? `Content-Length: ${body.length}` : 'Transfer-Encoding: chunked';
    socket.write(
      `POST /web/loginByUsername HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nlanguages: ${sending.language}\r\n${framing}\r\nConnection: ${sending.connection}\r\n\r\n`,
    );
    const pieceSize = 64 * 1024;
    let offset = 0;
    const writeNext = () => {
      if (socket.destroyed) return;
      if (offset >= body.length) {
        if (sending.framing === 'chunked') socket.write('0\r\n\r\n');
        // The client has said everything; it reads the answer and leaves when the server does.
        setTimeout(() => socket.end(), 2_000);
        return;
      }
      const piece = body.subarray(offset, offset + pieceSize);
      offset += piece.length;
      const framed =
        sending.framing === 'chunked'
          ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')])
          : piece;
      const isFlushed = socket.write(framed);
      const next = () => (sending.pace === 'slow' ? setTimeout(writeNext, 3) : setImmediate(writeNext));
      if (isFlushed) next();
      else socket.once('drain', next);
    };
    writeNext();
  });
}

describe('a body over the limit is answered 413 in the envelope, never a closed connection', () => {
  let testApp: TestApp;
  let port: number;
  beforeAll(async () => {
    testApp = await startTestApp();
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    port = (testApp.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await testApp.close();
  });

  const sendings: Sending[] = [
    { framing: 'length', pace: 'fast', language: 'en', connection: 'keep-alive' },
    { framing: 'length', pace: 'slow', language: 'ar', connection: 'keep-alive' },
    { framing: 'chunked', pace: 'fast', language: 'en', connection: 'keep-alive' },
    { framing: 'chunked', pace: 'slow', language: 'ar', connection: 'keep-alive' },
    { framing: 'length', pace: 'fast', language: 'en', connection: 'close' },
    { framing: 'chunked', pace: 'fast', language: 'ar', connection: 'close' },
  ];

  it.each(sendings)('6 MB with $framing framing, sent $pace (connection: $connection)', async (sending) => {
    for (let round = 0; round < 3; round += 1) {
      const answer = await sendLargeBody(port, sending);
      expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 413 Payload Too Large');
      const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as unknown;
      expect(body).toEqual({
        code: 1013,
        msg: sending.language === 'en' ? 'The request is too large' : 'La solicitud es demasiado grande',
        data: null,
      });
    }
  });
});
