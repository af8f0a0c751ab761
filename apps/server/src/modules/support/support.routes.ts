import { supportApi } from '@bolsa/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, publicRoute } from '../../platform/http/index.ts';
import { tokenFromHeader } from '../../platform/security/index.ts';
import { callerOf, type SupportService } from './support.service.ts';

/**
 * The chat's HTTP calls answer signed-in users and visitors alike (spec §6): a session token, when the
 * request carries one, must be live (401 otherwise, as everywhere); without one the device token names
 * the visitor's conversation.
 */
export function registerSupportRoutes(
  app: FastifyInstance,
  support: SupportService,
  authenticate: (token: string | undefined) => Promise<{ userId: string } | undefined>,
) {
  const tags = ['support'];
  async function callerFrom(request: FastifyRequest, deviceToken: string | undefined) {
    const token = tokenFromHeader(request.headers.authorization);
    const principal = token ? await authenticate(token) : undefined;
    if (token && !principal) throw new AppError('UNAUTHORIZED');
    return callerOf(principal ? Number(principal.userId) : null, deviceToken);
  }
  publicRoute(
    app,
    supportApi.open,
    { summary: "The caller's support conversation (user's own, or the device's)", tags },
    async ({ body, request }) => support.open(await callerFrom(request, body.deviceToken), request.locale),
  );
  publicRoute(app, supportApi.unread, { summary: 'Agent messages the caller has not read', tags }, async ({ body, request }) =>
    support.unread(await callerFrom(request, body.deviceToken)),
  );
  publicRoute(app, supportApi.rate, { summary: 'Rate a conversation an agent closed (1 to 5)', tags }, async ({ body, request }) =>
    support.rate(await callerFrom(request, body.deviceToken), request.locale, body.rating),
  );
}
