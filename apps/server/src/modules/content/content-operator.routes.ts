import { operatorAppVersionApi, operatorArticlesApi } from '@bolsa/contracts';
import type { FastifyInstance } from 'fastify';
import { operatorRoute } from '../../platform/http/index.ts';
import type { ContentOperations } from './content-operations.ts';

/** Content editors' routes under /admin/api: articles (news and notices), the article tag dictionary, app versions. */
export function registerContentOperatorRoutes(app: FastifyInstance, operations: ContentOperations) {
  const tags = ['operator', 'content'];
  const api = operatorArticlesApi;
  operatorRoute(app, api.list, { summary: 'Articles, newest change first, with every translation', tags }, ({ operator, query }) =>
    operations.articles(operator, query),
  );
  operatorRoute(app, api.detail, { summary: 'One article with every translation', tags }, ({ operator, params }) =>
    operations.article(operator, params.id),
  );
  operatorRoute(app, api.create, { summary: 'Write an article (unpublished)', tags }, ({ operator, body, request }) =>
    operations.createArticle(operator, { ipAddress: request.ip }, body),
  );
  operatorRoute(
    app,
    api.update,
    { summary: 'Replace an article’s kind, tags and translations', tags },
    ({ operator, params, body, request }) => operations.updateArticle(operator, { ipAddress: request.ip }, params.id, body),
  );
  operatorRoute(app, api.publish, { summary: 'Publish an article: the app shows it', tags }, ({ operator, params, request }) =>
    operations.setArticlePublished(operator, { ipAddress: request.ip }, params.id, true),
  );
  operatorRoute(
    app,
    api.unpublish,
    { summary: 'Unpublish an article: the app no longer shows it', tags },
    ({ operator, params, request }) => operations.setArticlePublished(operator, { ipAddress: request.ip }, params.id, false),
  );
  operatorRoute(app, api.tags, { summary: 'The article tag dictionary with every label', tags }, async ({ operator }) =>
    operations.articleTags(operator),
  );
  operatorRoute(app, api.createTag, { summary: 'Add an article tag', tags }, ({ operator, body, request }) =>
    operations.createArticleTag(operator, { ipAddress: request.ip }, body),
  );
  operatorRoute(app, api.updateTag, { summary: 'Relabel or reorder an article tag', tags }, ({ operator, params, body, request }) =>
    operations.updateArticleTag(operator, { ipAddress: request.ip }, params.code, body),
  );
  operatorRoute(
    app,
    operatorAppVersionApi.publish,
    { summary: 'Publish an app version', tags: ['operator'] },
    ({ operator, body, request }) => operations.publishAppVersion(operator, { ipAddress: request.ip }, body),
  );
}
