import { Redis } from 'ioredis';

/**
 * Where the rate limit keeps its counters: with REDIS_URL, in Redis, so one address gets its allowance
 * across every server process and a restart does not reset it; otherwise in the process's memory.
 * A Redis error lets the request through rather than stopping the API (the limit is a guard, not a gate).
 */
export function rateLimitStore(redisUrl: string | undefined) {
  if (!redisUrl) return { options: {}, close: async () => undefined };
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, enableAutoPipelining: true, connectTimeout: 2_000 });
  return {
    options: { redis, nameSpace: 'bolsa:rate-limit:', skipOnError: true },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
