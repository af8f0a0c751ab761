import { accountApi, areaApi } from '@bolsa/contracts';
import type { FastifyInstance } from 'fastify';
import { publicRoute } from '../../platform/http/index.ts';
import { areasIn } from '../../platform/reference/index.ts';
import type { ContentService } from './content.service.ts';

export function registerContentRoutes(app: FastifyInstance, content: ContentService) {
  publicRoute(app, accountApi.appVersion, { summary: 'The published app version', tags: ['content'] }, () => content.publishedAppVersion());
  publicRoute(
    app,
    areaApi.list,
    { summary: 'Countries with dial codes, named in the language of the request', tags: ['content'] },
    async ({ request }) => areasIn(request.locale),
  );
}
