import { API_BASE_PATH } from '@bolsa/contracts';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/index.ts';
import { defaultAdminDistDir, defaultWebDistDir } from '../paths.ts';
import { rateLimitStore } from './rate-limit-store.ts';
import { publicRoute } from './route.ts';
import { registerSecurityHeaders } from './security-headers.ts';
import { registerStaticFiles } from './static-files.ts';

/** The plugins every request passes through: security headers, the rate limit, and the OpenAPI docs. */
export async function registerHttpPlugins(app: FastifyInstance, config: Config) {
  // Helmet's headers, worked out once at start rather than on every request (security-headers.ts).
  await registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        // Plain-HTTP deployments (a LAN address, localhost) must keep working; TLS is the proxy's job.
        upgradeInsecureRequests: null,
      },
    },
  });
  const rateLimitCounters = rateLimitStore(config.redisUrl);
  app.addHook('onClose', async () => rateLimitCounters.close());
  await app.register(rateLimit, {
    ...rateLimitCounters.options,
    max: config.rateLimitPerMinute,
    timeWindow: 60_000,
    // The limit guards the APIs; the app's own static files (a dozen chunks per page load) do not count.
    allowList: (request) => !request.url.startsWith(API_BASE_PATH) && !request.url.startsWith('/admin/api'),
    errorResponseBuilder: (_request, context) => ({ statusCode: 429, message: `rate limit, retry in ${context.after}` }),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Bolsa API', version: '1.0.0', description: 'Every answer is the envelope {code, msg, data}.' },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: `${API_BASE_PATH}/docs` });
}

/** GET /web/health: liveness and database reachability. */
export function registerHealthRoute(web: FastifyInstance, database: DatabaseHandle) {
  publicRoute(
    web,
    { method: 'GET', path: '/health', data: z.object({ status: z.literal('ok'), database: z.enum(['embedded', 'postgres']) }) },
    { summary: 'Liveness and database reachability', tags: ['platform'] },
    async () => {
      await database.db.execute(sql`SELECT 1`);
      return { status: 'ok' as const, database: database.kind };
    },
  );
}

/** The built web app under / and the operator console under /admin/ (its API is /admin/api), when built. */
export async function registerStaticApps(app: FastifyInstance, config: Config) {
  // Precompressed and cached builds, and the APIs' larger JSON answers compressed (static-files.ts).
  await registerStaticFiles(app, {
    webDistDir: config.webDistDir ?? defaultWebDistDir,
    adminDistDir: config.adminDistDir ?? defaultAdminDistDir,
  });
}
