import { hash } from '@node-rs/argon2';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTwoProcesses, TEST_OPERATOR, withOperator } from '../../test/test-app.ts';

// Runs in the server-redis project (REDIS_URL set): two app instances on one PostgreSQL database and one
// Redis, as two server processes. Each answers recently checked sessions from memory (session-cache.ts);
// a session ended on one must be refused on the other as soon as the ending is announced.

describe('two app instances sharing sessions', () => {
  let processes: Awaited<ReturnType<typeof startTwoProcesses>> | undefined;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    processes = await startTwoProcesses({
      configOverrides: withOperator,
      appOptions: { shouldStartMarketFeed: false, shouldStartTradingEngine: false },
    });
    apps.push(...processes.apps);
  }, 60_000);
  afterAll(async () => {
    await processes?.close();
  });

  async function call(app: FastifyInstance, path: string, token: string | undefined, body: unknown = {}) {
    const response = await app.inject({
      method: 'POST',
      url: `/web${path}`,
      headers: token ? { authorization: token } : {},
      payload: body as Record<string, unknown>,
    });
    return response.json() as { code: number; data: { token?: string } };
  }

  /** The other process refuses the token within a moment: the time the announcement takes through Redis. */
  async function refusedSoonOn(app: FastifyInstance, token: string) {
    const deadline = Date.now() + 250;
    for (;;) {
      const answer = await call(app, '/api/user/info', token);
      if (answer.code === 401 || Date.now() > deadline) return answer.code;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  async function loggedInUser(app: FastifyInstance, email: string) {
    const [first] = apps as [FastifyInstance, FastifyInstance];
    await first.platform.database.pool.query('INSERT INTO users (email, password_hash, invitation_code) VALUES ($1, $2, $3)', [
      email,
      await hash('session-pass-1'),
      email.slice(0, 8).toUpperCase(),
    ]);
    const login = await call(app, '/loginByUsername', undefined, { username: email, password: 'session-pass-1' });
    return String(login.data.token);
  }

  it('a logout on one process is refused on the other, where the session was cached', async () => {
    const [first, second] = apps as [FastifyInstance, FastifyInstance];
    const token = await loggedInUser(first, `sessa${Date.now()}@example.com`);
    expect((await call(second, '/api/user/info', token)).code).toBe(200);
    expect((await call(second, '/api/user/info', token)).code).toBe(200);
    expect((await call(first, '/logout', token)).code).toBe(200);
    expect(await refusedSoonOn(second, token)).toBe(401);
    expect((await call(first, '/api/user/info', token)).code).toBe(401);
  });

  it('a password change on one process ends the other sessions on both, and keeps the one that changed it', async () => {
    const [first, second] = apps as [FastifyInstance, FastifyInstance];
    const email = `sessb${Date.now()}@example.com`;
    const other = await loggedInUser(first, email);
    const changing = String(
      (await call(second, '/loginByUsername', undefined, { username: email, password: 'session-pass-1' })).data.token,
    );
    expect((await call(first, '/api/user/info', other)).code).toBe(200);
    expect((await call(second, '/api/user/info', other)).code).toBe(200);
    const changed = await call(second, '/updatePassword', changing, {
      oldPassword: 'session-pass-1',
      password: 'session-pass-2',
      confirmPassword: 'session-pass-2',
    });
    expect(changed.code).toBe(200);
    expect((await call(second, '/api/user/info', other)).code).toBe(401);
    expect(await refusedSoonOn(first, other)).toBe(401);
    expect((await call(first, '/api/user/info', changing)).code).toBe(200);
  });

  it('a freeze or a logout on one process is refused by the very next request on the other, round after round', async () => {
    const [first, second] = apps as [FastifyInstance, FastifyInstance];
    const login = await first.inject({ method: 'POST', url: '/admin/api/auth/login', payload: TEST_OPERATOR });
    const operator = String((login.json() as { data: { token: string } }).data.token);
    for (let round = 0; round < 10; round += 1) {
      const email = `sessf${round}x${Date.now()}@example.com`;
      const frozen = await loggedInUser(first, email);
      const leaving = String(
        (await call(first, '/loginByUsername', undefined, { username: email, password: 'session-pass-1' })).data.token,
      );
      const found = await first.platform.database.pool.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
      // Both sessions are cached on the second process.
      for (const token of [frozen, leaving, frozen, leaving]) expect((await call(second, '/api/user/info', token)).code).toBe(200);
      expect((await call(first, '/logout', leaving)).code).toBe(200);
      expect((await call(second, '/api/user/info', leaving)).code).toBe(401);
      const freeze = await first.inject({
        method: 'POST',
        url: `/admin/api/users/${found.rows[0]?.id}/freeze`,
        headers: { authorization: operator },
        payload: { kind: 'login', reason: 'Suspected takeover' },
      });
      expect(freeze.statusCode).toBe(200);
      expect((await call(second, '/api/user/info', frozen)).code).toBe(401);
    }
  });
});
