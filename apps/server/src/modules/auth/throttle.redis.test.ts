import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTwoProcesses } from '../../test/test-app.ts';

// Runs in the server-redis project: two app instances on one PostgreSQL database, as two server processes.
// The throttle reserves each attempt in the database before verifying it, so the allowance holds
// for the account however many processes the guesses are spread over (issue 16 §1).

const BURST = 100;
const ALLOWED = 5;

describe('the login throttle holds across two processes', () => {
  let processes: Awaited<ReturnType<typeof startTwoProcesses>> | undefined;
  beforeAll(async () => {
    processes = await startTwoProcesses({ appOptions: { shouldStartMarketFeed: false, shouldStartTradingEngine: false } });
  }, 60_000);
  afterAll(async () => {
    await processes?.close();
  });

  it('at most five of 100 simultaneous wrong passwords sent to both processes are judged, and the right one after is refused', async () => {
    if (!processes) throw new Error('no processes');
    const [first, second] = processes.apps;
    const email = `burst${Date.now()}@example.com`;
    await first.platform.database.pool.query('INSERT INTO users (email, password_hash, invitation_code) VALUES ($1, $2, $3)', [
      email,
      await hash('right-secret-1'),
      `B${Date.now().toString(36).toUpperCase()}`.slice(0, 8),
    ]);
    const login = (app: typeof first, password: string, remoteAddress: string) =>
      app
        .inject({ method: 'POST', url: '/web/loginByUsername', payload: { username: email, password }, remoteAddress })
        .then((response) => (response.json() as { code: number }).code);
    const codes = await Promise.all(
      Array.from({ length: BURST }, (_, index) => login(index % 2 === 0 ? first : second, `wrong-${index}`, `198.51.100.${index % 20}`)),
    );
    const judged = codes.filter((code) => code === 2007).length;
    expect(judged).toBeLessThanOrEqual(ALLOWED);
    expect(judged + codes.filter((code) => code === 2008).length).toBe(BURST);
    expect(await login(second, 'right-secret-1', '198.51.100.99')).toBe(2008);
  });
});
