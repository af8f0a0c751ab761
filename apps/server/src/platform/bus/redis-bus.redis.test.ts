import { describe, expect, it } from 'vitest';
import { collect, eventually } from '../../test/bus-helpers.ts';
import { createRedisBus } from './index.ts';

// This file runs in the server-redis project, which vitest.config.ts adds when REDIS_URL is set (CI sets it).
const redisUrl = process.env.REDIS_URL;
if (!redisUrl) throw new Error('redis tests need REDIS_URL');
describe('the Redis bus', () => {
  it('carries an event published by one server process to subscribers of another', async () => {
    const topic = `test:${Date.now()}:${Math.random()}`;
    const first = await createRedisBus(String(redisUrl));
    const second = await createRedisBus(String(redisUrl));
    try {
      const onFirst = collect(first, topic);
      const onSecond = collect(second, topic);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await first.publish(topic, { price: '1.0842', pair: 'EUR/USD' });
      await eventually(() => {
        expect(onFirst.received).toEqual([{ price: '1.0842', pair: 'EUR/USD' }]);
        expect(onSecond.received).toEqual([{ price: '1.0842', pair: 'EUR/USD' }]);
      });
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('resolves a confirmed publish only once every subscribed process has run its handlers', async () => {
    const topic = `test:${Date.now()}:${Math.random()}`;
    const buses = await Promise.all([createRedisBus(String(redisUrl)), createRedisBus(String(redisUrl)), createRedisBus(String(redisUrl))]);
    try {
      const [publisher, ...others] = buses;
      const received = others.map((bus) => collect(bus, topic));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await publisher.publishConfirmed(topic, { userId: 7 })).toBe(true);
      // No waiting: both other processes handled it before the publisher went on.
      for (const { received: events } of received) expect(events).toEqual([{ userId: 7 }]);
      // A plain subscriber still receives plain payloads afterwards.
      await publisher.publish(topic, { userId: 8 });
      await eventually(() => {
        for (const { received: events } of received) expect(events).toEqual([{ userId: 7 }, { userId: 8 }]);
      });
    } finally {
      await Promise.all(buses.map((bus) => bus.close()));
    }
  });
});
