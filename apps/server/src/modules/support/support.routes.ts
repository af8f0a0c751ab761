import { supportApi, supportImageBody, supportImagePath } from '@bolsa/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, publicRoute, sendError } from '../../platform/http/index.ts';
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
  /** An uploaded file's bytes by its URL, whoever uploaded it (the uploads module; the conversation decided who may see it). */
  readFile: (url: string) => Promise<{ bytes: Uint8Array; contentType: string } | undefined>,
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
  app.post(
    supportImagePath,
    { schema: { summary: "An image in the caller's conversation (its bytes), such as an agent's", tags, body: supportImageBody } },
    async (request, reply) => {
      const body = request.body as { deviceToken?: string; messageId: string };
      const imageUrl = await support.imageOf(await callerFrom(request, body.deviceToken), Number(body.messageId));
      const file = await readFile(imageUrl);
      if (!file) return sendError(reply, 'NOT_FOUND');
      return reply
        .header('content-type', file.contentType)
        .header('cache-control', 'private, max-age=3600')
        .header('content-security-policy', "default-src 'none'")
        .header('x-content-type-options', 'nosniff')
        .send(file.bytes);
    },
  );
}
