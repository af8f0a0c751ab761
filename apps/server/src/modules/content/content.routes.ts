import { accountApi, areaApi, articlesApi } from '@bolsa/contracts';
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
  publicRoute(
    app,
    articlesApi.dict,
    { summary: 'The article tag dictionary, labelled in the language of the request', tags: ['content'] },
    async ({ request }) => content.articles.tagDictionary(request.locale),
  );
  publicRoute(
    app,
    articlesApi.list,
    { summary: 'Published news or notices, newest first, optionally of one tag', tags: ['content'] },
    async ({ body, request }) => content.articles.list(request.locale, body),
  );
  publicRoute(
    app,
    articlesApi.detail,
    { summary: 'One published article in the language of the request (else English, else Spanish)', tags: ['content'] },
    async ({ params, request }) => content.articles.detail(request.locale, params.id),
  );
}
