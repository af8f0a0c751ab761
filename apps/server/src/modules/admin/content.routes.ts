import { operatorArticlesApi } from '@bolsa/contracts';
import type { FastifyInstance } from 'fastify';
import { operatorRoute } from '../../platform/http/index.ts';
import type { AdminService } from './admin.service.ts';

/** Content editors' routes under /admin/api: articles (news and notices) and the article tag dictionary. */
export function registerContentOperatorRoutes(app: FastifyInstance, admin: AdminService) {
  const tags = ['operator', 'content'];
  const api = operatorArticlesApi;
  operatorRoute(app, api.list, { summary: 'Articles, newest change first, with every translation', tags }, ({ operator, query }) =>
    admin.articles(operator, query),
  );
  operatorRoute(app, api.detail, { summary: 'One article with every translation', tags }, ({ operator, params }) =>
    admin.article(operator, params.id),
  );
  operatorRoute(app, api.create, { summary: 'Write an article (unpublished)', tags }, ({ operator, body, request }) =>
    admin.createArticle(operator, { ipAddress: request.ip }, body),
  );
  operatorRoute(
    app,
    api.update,
    { summary: 'Replace an article’s kind, tags and translations', tags },
    ({ operator, params, body, request }) => admin.updateArticle(operator, { ipAddress: request.ip }, params.id, body),
  );
  operatorRoute(app, api.publish, { summary: 'Publish an article: the app shows it', tags }, ({ operator, params, request }) =>
    admin.setArticlePublished(operator, { ipAddress: request.ip }, params.id, true),
  );
  operatorRoute(
    app,
    api.unpublish,
    { summary: 'Unpublish an article: the app no longer shows it', tags },
    ({ operator, params, request }) => admin.setArticlePublished(operator, { ipAddress: request.ip }, params.id, false),
  );
  operatorRoute(app, api.tags, { summary: 'The article tag dictionary with every label', tags }, async ({ operator }) =>
    admin.articleTags(operator),
  );
  operatorRoute(app, api.createTag, { summary: 'Add an article tag', tags }, ({ operator, body, request }) =>
    admin.createArticleTag(operator, { ipAddress: request.ip }, body),
  );
  operatorRoute(app, api.updateTag, { summary: 'Relabel or reorder an article tag', tags }, ({ operator, params, body, request }) =>
    admin.updateArticleTag(operator, { ipAddress: request.ip }, params.code, body),
  );
}
