// One process of a closed-loop HTTP load: `concurrency` loops each requesting URLs from `paths` in
// turn for `seconds`, then sends its latencies (ms) to the parent. Run several with `httpLoad` so the
// generator neither shares the server's event loop nor becomes the bottleneck itself; responses are
// checked by their first bytes instead of parsed, for the same reason.
import http from 'node:http';

export async function runLoad({ base, paths, concurrency, seconds, offset }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies = [];
  let failures = 0;
  const deadline = Date.now() + seconds * 1000;
  const once = (path) =>
    new Promise((resolve, reject) => {
      const request = http.get(`${base}${path}`, { agent }, (response) => {
        let head = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          if (head.length < 16) head += chunk.slice(0, 16);
        });
        response.on('end', () => resolve(head.startsWith('{"code":200')));
      });
      request.on('error', reject);
    });
  await Promise.all(
    Array.from({ length: concurrency }, async (_, loop) => {
      for (let index = 0; Date.now() < deadline; index += 1) {
        const startedAt = performance.now();
        const isSuccess = await once(paths[(offset + loop * 31 + index) % paths.length]).catch(() => false);
        latencies.push(performance.now() - startedAt);
        if (!isSuccess) failures += 1;
      }
    }),
  );
  agent.destroy();
  return { latencies, failures };
}

if (process.send) {
  process.once('message', async (task) => {
    const result = await runLoad(task);
    process.send(result, () => process.exit(0));
  });
}
