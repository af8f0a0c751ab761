import { uploadApi } from '@bolsa/contracts';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError, sendError, successBody } from '../../platform/http/index.ts';
import type { UploadsService } from './uploads.service.ts';

/** POST /web/file/upload (multipart field `file`) and GET /web/file/{key} for the owner. */
export async function registerUploadRoutes(app: FastifyInstance, uploads: UploadsService, options: { sizeMaxBytes: number }) {
  // Multipart parsing belongs to the upload route alone: the plugin's hooks (an async onResponse on
  // every request, a preValidation) and its body parser apply to the context it is registered in, so
  // the upload route gets a context of its own instead of every route paying for them.
  await app.register(async (uploadScope) => {
    await uploadScope.register(multipart, { limits: { fileSize: options.sizeMaxBytes, files: 1, fields: 5, parts: 6 } });
    registerUploadRoute(uploadScope, uploads, options);
  });

  app.get(
    '/file/:key',
    {
      onRequest: app.authenticateUser,
      schema: { summary: 'An uploaded file, to its owner', tags: ['files'], params: z.object({ key: z.string().max(100) }) },
    },
    async (request, reply) => {
      const principal = request.principal;
      if (!principal) throw new AppError('UNAUTHORIZED');
      const { key } = request.params as { key: string };
      const file = await uploads.readOwned(Number(principal.userId), key);
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

function registerUploadRoute(app: FastifyInstance, uploads: UploadsService, options: { sizeMaxBytes: number }) {
  const limitMegabytes = Math.round(options.sizeMaxBytes / (1024 * 1024));
  app.post(
    uploadApi.path,
    {
      onRequest: app.authenticateUser,
      schema: {
        summary: 'Upload an image (PNG, JPEG or WebP, by its bytes; a re-encoded copy is kept, within a quota); answers its url',
        tags: ['files'],
        consumes: ['multipart/form-data'],
      },
    },
    async (request, reply) => {
      const principal = request.principal;
      if (!principal) throw new AppError('UNAUTHORIZED');
      if (!request.isMultipart()) throw new AppError('UPLOAD_MISSING');
      const part = await request.file();
      if (part?.fieldname !== 'file') throw new AppError('UPLOAD_MISSING');
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          return sendError(reply, 'UPLOAD_TOO_LARGE', { limit: limitMegabytes });
        throw error;
      }
      const data = await uploads.store(Number(principal.userId), bytes);
      return successBody(data, request.locale);
    },
  );
}
