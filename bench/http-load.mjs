// The HTTP load generator of the PostgreSQL benchmarks, run in its own process (forked by
// support.mjs's `httpLoad`) so that the server's event loop is not shared with the clients: the figure
// measures the server. Closed loop: each virtual user sends its next request when the last one answered.
// One plain TCP connection per virtual user with a minimal HTTP/1.1 exchange (below), which costs the
// generator far less than node:http's client, and that far less than fetch.
import net from 'node:net';

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

const bodies = {
  transfer: (client, index, options) => ({
    fromWalletType: index % 2 === 0 ? 'BALANCE' : 'STOCK',
    toWalletType: index % 2 === 0 ? 'STOCK' : 'BALANCE',
    amount: '0.01',
    idempotencyKey: `bench-http-${options.round}-${client}-${index}`,
  }),
  // The server's floor: GET /web/health (one `SELECT 1`), no body and no session.
  health: () => undefined,
  order: (client, index, options) => ({
    stockCode: options.instruments[(client + index) % options.instruments.length],
    direction: 0,
    type: 0,
    quantity: '1',
    idempotencyKey: `bench-order-${options.round}-${client}-${index}`,
  }),
};

/**
 * One keep-alive connection of one virtual user, speaking just enough HTTP/1.1: the request is written as
 * one string and the answer read by its Content-Length (Fastify always sends one for these JSON answers).
 * node:http's client cost the generator about 0.7 ms of CPU per request on the 2-core machine, CPU taken
 * from the server it measures (pgbench's C client costs a fraction of that per transaction).
 */
function connectionTo(url) {
  const socket = net.connect(Number(url.port), url.hostname);
  socket.setNoDelay(true);
  const opened = new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let buffered = Buffer.alloc(0);
  let pending;
  socket.on('data', (chunk) => {
    buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
    const headerEnd = buffered.indexOf('\r\n\r\n');
    if (headerEnd < 0 || !pending) return;
    const head = buffered.toString('latin1', 0, headerEnd);
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? Number.NaN);
    if (!Number.isFinite(length)) {
      pending.reject(new Error(`answer without content-length: ${head.split('\r\n')[0]}`));
      pending = undefined;
      return;
    }
    const bodyStart = headerEnd + 4;
    if (buffered.length < bodyStart + length) return;
    const body = buffered.toString('utf8', bodyStart, bodyStart + length);
    buffered = buffered.subarray(bodyStart + length);
    const { resolve, reject } = pending;
    pending = undefined;
    try {
      resolve(JSON.parse(body));
    } catch (error) {
      reject(error);
    }
  });
  socket.on('error', (error) => pending?.reject(error));
  socket.on('close', () => pending?.reject(new Error('the server closed the connection')));
  const host = `${url.hostname}:${url.port}`;
  return {
    opened,
    /** Sends one request (a GET without a body) and resolves with the parsed JSON answer. */
    send(token, body) {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const request =
        payload === undefined
          ? `GET ${url.pathname} HTTP/1.1\r\nhost: ${host}\r\n\r\n`
          : `POST ${url.pathname} HTTP/1.1\r\nhost: ${host}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(payload)}\r\nauthorization: ${token}\r\n\r\n${payload}`;
      if (socket.destroyed) return Promise.reject(new Error('the connection is closed'));
      return new Promise((resolve, reject) => {
        pending = { resolve, reject };
        socket.write(request);
      });
    },
    close: () => socket.destroy(),
  };
}

process.once('message', async (options) => {
  const url = new URL(options.path, options.origin);
  const connections = options.tokens.map(() => connectionTo(url));
  await Promise.all(connections.map((connection) => connection.opened));
  const latencies = [];
  let failures = 0;
  let firstFailure;
  const deadline = performance.now() + options.durationSeconds * 1000;
  const startedAt = performance.now();
  await Promise.all(
    options.tokens.map(async (token, client) => {
      for (let index = 0; performance.now() < deadline; index += 1) {
        const began = performance.now();
        try {
          const answer = await connections[client].send(token, bodies[options.kind](client, index, options));
          if (answer.code !== 200) throw new Error(answer.msg);
          latencies.push(performance.now() - began);
        } catch (error) {
          failures += 1;
          firstFailure ??= String(error?.message ?? error);
        }
      }
    }),
  );
  const seconds = (performance.now() - startedAt) / 1000;
  for (const connection of connections) connection.close();
  process.send(
    {
      tps: latencies.length / seconds,
      count: latencies.length,
      seconds,
      latencies,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      failures,
      firstFailure,
    },
    () => process.exit(0),
  );
});
