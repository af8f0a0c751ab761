import { accountApi } from '@bolsa/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { publicRoute, sendError, userRoute } from '../../platform/http/index.ts';
import { tokenFromHeader } from '../../platform/security/index.ts';
import type { AuthService, ClientMeta } from './auth.service.ts';

const tags = ['account'];

function metaOf(request: FastifyRequest): ClientMeta {
  return { ipAddress: request.ip, userAgent: request.headers['user-agent'], locale: request.locale };
}

export function registerAuthRoutes(app: FastifyInstance, auth: AuthService) {
  app.decorate('authenticateUser', async (request, reply) => {
    const principal = await auth.authenticate(tokenFromHeader(request.headers.authorization));
    if (!principal) return sendError(reply, 'UNAUTHORIZED');
    request.principal = principal;
  });

  publicRoute(
    app,
    accountApi.getEmailCode,
    { summary: 'Mail a 6-digit code for registration or password reset', tags },
    ({ body, request }) => auth.requestEmailCode(body, metaOf(request)),
  );
  publicRoute(app, accountApi.register, { summary: 'Create an account with the mailed code; logs in', tags }, ({ body, request }) =>
    auth.register(body, metaOf(request)),
  );
  publicRoute(app, accountApi.login, { summary: 'Log in with email and password', tags }, ({ body, request }) =>
    auth.login(body, metaOf(request)),
  );
  publicRoute(
    app,
    accountApi.verifyLogin,
    { summary: 'Second step of a sign-in with two-factor on: the challenge and a code (or a recovery code)', tags },
    ({ body, request }) => auth.verifyLogin(body, metaOf(request)),
  );
  publicRoute(app, accountApi.resetPassword, { summary: 'Set a new password with the mailed code; ends every session', tags }, ({ body }) =>
    auth.resetPassword(body),
  );
  userRoute(app, accountApi.logout, { summary: 'Revoke the current token', tags }, async ({ principal }) => {
    await auth.logout(principal);
    return null;
  });
  userRoute(app, accountApi.updatePassword, { summary: 'Change the password; ends every other session', tags }, ({ principal, body }) =>
    auth.updatePassword(principal, body),
  );
  userRoute(
    app,
    accountApi.settingPayPassword,
    { summary: 'Set the 6-digit pay password for the first time', tags },
    ({ principal, body }) => auth.settingPayPassword(principal, body),
  );
  userRoute(app, accountApi.updatePayPassword, { summary: 'Change the pay password', tags }, ({ principal, body }) =>
    auth.updatePayPassword(principal, body),
  );
  userRoute(app, accountApi.twoFactorStatus, { summary: 'Whether two-factor is on, and recovery codes left', tags }, ({ principal }) =>
    auth.twoFactorStatus(principal),
  );
  userRoute(app, accountApi.twoFactorStart, { summary: 'A new TOTP secret and its otpauth URI to set up', tags }, ({ principal }) =>
    auth.startTwoFactor(principal),
  );
  userRoute(
    app,
    accountApi.twoFactorConfirm,
    { summary: 'Turn two-factor on with a code; answers the ten recovery codes once', tags },
    ({ principal, body }) => auth.confirmTwoFactor(principal, body),
  );
  userRoute(app, accountApi.twoFactorDisable, { summary: 'Turn two-factor off with a code', tags }, ({ principal, body }) =>
    auth.disableTwoFactor(principal, body),
  );
  userRoute(app, accountApi.sessions, { summary: "The user's live sessions and devices", tags }, ({ principal }) =>
    auth.sessionsOf(principal),
  );
  userRoute(app, accountApi.endSession, { summary: 'End one of the user sessions', tags }, ({ principal, body }) =>
    auth.endSession(principal, body.id),
  );
  userRoute(app, accountApi.endOtherSessions, { summary: 'End every session but this one', tags }, ({ principal }) =>
    auth.endOtherSessions(principal),
  );
  userRoute(app, accountApi.userInfo, { summary: 'The logged-in user record', tags }, ({ principal }) => auth.userRecord(principal));
}
