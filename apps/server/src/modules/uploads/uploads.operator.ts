import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError, sendError } from '../../platform/http/index.ts';
import { requirePermission } from '../../platform/operators/index.ts';
import type { UploadsService } from './uploads.service.ts';

/** GET /admin/api/file/{key} (`files.read`): any uploaded file, as operators review deposit screenshots and identity documents. */
export function registerUploadOperatorRoutes(app: FastifyInstance, uploads: UploadsService) {
  const tags = ['operator'];
  app.get(
    '/file/:key',
    {
      onRequest: app.authenticateOperator,
      config: { permission: 'files.read' },
      schema: { summary: 'An uploaded file, to operators', tags, params: z.object({ key: z.string().max(100) }) },
    },
    async (request, reply) => {
      if (!request.operator) throw new AppError('UNAUTHORIZED');
      requirePermission(request.operator, 'files.read');
      const file = await uploads.readOwned('operator', (request.params as { key: string }).key);
      if (!file) return sendError(reply, 'NOT_FOUND');
      return reply.header('content-type', file.contentType).header('content-security-policy', "default-src 'none'").send(file.bytes);
    },
  );
}
