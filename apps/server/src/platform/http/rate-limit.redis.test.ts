import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTwoProcesses } from '../../test/test-app.ts';

// Runs in the server-redis project: two app instances on one PostgreSQL database and one Redis.
describe('the rate limit counts across processes', () => {
  let processes: Awaited<ReturnType<typeof startTwoProcesses>> | undefined;
  const start = () =>
    startTwoProcesses({
      configOverrides: { RATE_LIMIT_PER_MINUTE: '6' },
      appOptions: { shouldStartMarketFeed: false, shouldStartTradingEngine: false },
    });
  beforeAll(async () => {
    processes = await start();
  }, 60_000);
  afterAll(async () => {
    await processes?.close();
  });

  it('lets one address make its allowance in total, not per process', async () => {
    if (!processes) throw new Error('no processes');
    // A fresh address per run: the counters live in Redis, which outlives the test.
    const remoteAddress = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
    const codes: number[] = [];
    for (let index = 0; index < 8; index += 1) {
      const app = processes.apps[index % 2 === 0 ? 0 : 1];
      const response = await app.inject({ method: 'GET', url: '/web/appVersion/getPublishAppVersion', remoteAddress });
      codes.push((response.json() as { code: number }).code);
    }
    expect(codes.filter((code) => code === 200)).toHaveLength(6);
    expect(codes.slice(6)).toEqual([1029, 1029]);
  });

  it('keeps counting when the processes restart: the counters are in Redis, not in the processes', async () => {
    if (!processes) throw new Error('no processes');
    const remoteAddress = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
    const ask = (app: FastifyInstance) =>
      app
        .inject({ method: 'GET', url: '/web/appVersion/getPublishAppVersion', remoteAddress })
        .then((response) => (response.json() as { code: number }).code);
    const before: number[] = [];
    for (let index = 0; index < 6; index += 1) before.push(await ask(processes.apps[index % 2 === 0 ? 0 : 1]));
    expect(before).toEqual([200, 200, 200, 200, 200, 200]);
    await processes.close();
    processes = await start();
    expect([await ask(processes.apps[0]), await ask(processes.apps[1])]).toEqual([1029, 1029]);
  }, 60_000);
});
