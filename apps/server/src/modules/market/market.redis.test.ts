import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectPush } from '../../test/push-client.ts';
import { startTwoProcesses, testInstrumentCodes } from '../../test/test-app.ts';
import { FUTURES_LISTING_TOPIC } from './market.module.ts';

// Runs in the server-redis project (REDIS_URL set); two server processes need a shared PostgreSQL too.

describe('two server processes behind one database and Redis', () => {
  let processes: Awaited<ReturnType<typeof startTwoProcesses>> | undefined;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    processes = await startTwoProcesses({
      // The E-mini S&P 500 product by its root, so its contracts roll (ES also names Eversource's stock).
      configOverrides: { MARKET_TICK_MS: '100', MARKET_INSTRUMENTS: [...testInstrumentCodes, 'ES'].join(',') },
      listen: true,
    });
    apps.push(...processes.apps);
  });
  afterAll(async () => {
    await processes?.close();
  });

  it('produces prices in one process only, and a client on either process receives the same quotes', async () => {
    await Promise.all(apps.map((app) => app.market.feed.ready()));
    expect(apps.filter((app) => app.market.feed.isLeader())).toHaveLength(1);
    const clients = await Promise.all(
      apps.map((app) => connectPush(`ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/web/push`)),
    );
    try {
      for (const client of clients) client.send({ op: 'subscribe', codes: ['EURUSD'] });
      await Promise.all(clients.map((client) => client.waitFor(() => client.quotes('EURUSD').length >= 4, 10_000)));
      const [first, second] = clients.map((client) => new Map(client.quotes('EURUSD').map((quote) => [quote.timestamp, quote.price])));
      const common = [...(first?.keys() ?? [])].filter((timestamp) => second?.has(timestamp));
      expect(common.length).toBeGreaterThan(1);
      for (const timestamp of common) expect(second?.get(timestamp)).toBe(first?.get(timestamp));

      // The follower answers reads from the quotes it follows on the bus.
      const follower = apps.find((app) => !app.market.feed.isLeader());
      const response = await follower?.inject({ method: 'GET', url: '/web/m_ft/detail_quote?stockCode=EURUSD' });
      expect(response?.json()).toMatchObject({ code: 200, data: { stock_code: 'EURUSD' } });
    } finally {
      await Promise.all(clients.map((client) => client.close()));
    }
  });

  it('rolls the futures of every process when the listing job publishes a date, and the producer quotes the new month', async () => {
    await Promise.all(apps.map((app) => app.market.feed.ready()));
    for (const app of apps) expect(app.market.catalog.byCode.has('ESU7')).toBe(false);
    // What the job does on the process that runs it, here for the day after ESZ6 expires.
    await apps[0]?.platform.bus.publish(FUTURES_LISTING_TOPIC, { date: '2026-12-19' });
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && !apps.every((app) => app.market.catalog.byCode.has('ESU7'))) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await Promise.all(apps.map((app) => app.market.futuresRolled()));
    for (const app of apps) expect(app.market.catalog.byCode.get('ESU7')?.lastTradeDate).toBe('2027-09-17');
    const follower = apps.find((app) => !app.market.feed.isLeader());
    while (Date.now() < deadline + 10_000 && !follower?.market.feed.latest('ESU7')) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const front = Number(follower?.market.feed.latest('ESZ6')?.price);
    const september = Number(follower?.market.feed.latest('ESU7')?.price);
    expect(Math.abs(september / front - 1)).toBeLessThan(0.25);
  });
});
