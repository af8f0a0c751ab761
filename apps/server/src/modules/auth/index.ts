import { defineModule } from '../../platform/module.ts';
import { registerAuthRoutes } from './auth.routes.ts';
import { createAuthService } from './auth.service.ts';
import { createRestrictionsService } from './restrictions.service.ts';
import { createSessionCache } from './session-cache.ts';

export { registerAuthRoutes } from './auth.routes.ts';
export { type AuthService, createAuthService } from './auth.service.ts';
export {
  accountsByIds,
  type InvitationAccount,
  type InvitedUser,
  invitedUsersAfter,
  inviteesOf,
  type SessionTrace,
  sessionTracesOf,
} from './invitations.ts';
export { createRestrictionsService, type Restriction, type RestrictionsService } from './restrictions.service.ts';
export { createSessionCache, SESSIONS_ENDED_TOPIC, type SessionCache } from './session-cache.ts';
export { findUsers, type UserDirectoryRow } from './user-directory.ts';

/** The demo's user account, created when demo data is on. */
export const DEMO_ACCOUNT = { email: 'demo@bolsa.app', password: 'demo1234' } as const;

/** Users: accounts, sessions, sign-in, restrictions (freezes). */
export const auth = defineModule({
  name: 'auth',
  needs: [],
  create({ platform: { config, database, bus, mailer, now } }) {
    // Sessions checked recently are answered from memory where every process that can end one shares the
    // bus: embedded PGlite (one process) or Redis (ADR 0006). PostgreSQL without Redis asks on every request.
    const sessions = createSessionCache({
      bus,
      isEnabled: database.kind === 'embedded' || config.redisUrl !== undefined,
      // Checked again (and its last use recorded) within a quarter of the inactivity limit, so a session in use never idles out.
      revalidateMs: Math.min(30_000, config.sessionIdleMs / 4),
    });
    const auth = createAuthService({ db: database.db, mailer, settings: config, sessions, now });
    const restrictions = createRestrictionsService({ db: database.db, sessionCache: sessions });
    return { auth, restrictions, sessions };
  },
  userRoutes: (web, { auth }) => registerAuthRoutes(web, auth),
  jobs: ({ auth }) => [auth.housekeepingJob],
  async seed({ auth }, { platform: { config } }) {
    if (config.isDemoDataEnabled) await auth.ensureDemoAccount(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
  },
  async stop({ sessions }) {
    await sessions.close();
  },
});
