import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerUser, startTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * SESSION_IDLE_MINUTES=1 and a session used every 40 s: each request moves the inactivity limit, so it
 * never ends. Time passes twice over: the database's record of the last use moves back, and the
 * process's clock (which the session cache reads) moves on.
 */
describe('a session in use is never logged out for inactivity', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp({ configOverrides: { SESSION_IDLE_MINUTES: '1' } });
  });
  afterAll(async () => {
    vi.useRealTimers();
    await testApp.close();
  });

  it('stays signed in while used every 40 s, cached or not, and ends after a minute unused', async () => {
    const { token, user } = await registerUser(testApp);
    vi.useFakeTimers({ toFake: ['Date'] });
    const fortySecondsPass = async () => {
      await testApp.database.db.execute(
        sql`UPDATE sessions SET last_seen_at = last_seen_at - interval '40 seconds', created_at = created_at - interval '40 seconds' WHERE user_id = ${Number(user.id)}`,
      );
      vi.setSystemTime(Date.now() + 40_000);
    };
    for (let round = 0; round < 4; round += 1) {
      await fortySecondsPass();
      const info = await testApp.call('/api/user/info', { token });
      expect(info.status, `round ${round}`).toBe(200);
    }
    await fortySecondsPass();
    await fortySecondsPass();
    expect((await testApp.call('/api/user/info', { token })).status).toBe(401);
  });
});
