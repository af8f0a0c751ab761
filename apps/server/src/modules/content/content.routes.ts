import { accountApi } from '@bolsa/contracts';
import type { FastifyInstance } from 'fastify';
import { publicRoute } from '../../platform/http/index.ts';
import type { ContentService } from './content.service.ts';

export function registerContentRoutes(app: FastifyInstance, content: ContentService) {
  publicRoute(app, accountApi.appVersion, { summary: 'The published app version', tags: ['content'] }, () => content.publishedAppVersion());
}
