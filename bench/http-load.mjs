// The HTTP load generator of the PostgreSQL benchmarks, run in its own process (forked by
// support.mjs's `httpLoad`) so that the server's event loop is not shared with the clients: the figure
// measures the server. Closed loop: each virtual user sends its next request when the last one answered.
// Plain node:http with a keep-alive agent, which costs the generator far less than fetch.
import http from 'node:http';

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

function post(agent, url, token, body) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const request = http.request(
      url,
      payload === undefined
        ? { method: 'GET', agent }
        : {
            method: 'POST',
            agent,
            headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), authorization: token },
          },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
          } catch (error) {
            reject(error);
          }
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

process.once('message', async (options) => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.tokens.length });
  const url = new URL(options.path, options.origin);
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
          const answer = await post(agent, url, token, bodies[options.kind](client, index, options));
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
  agent.destroy();
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
