export type { ArticlesService } from './articles.service.ts';
export { registerContentRoutes } from './content.routes.ts';
export { type ContentService, createContentService } from './content.service.ts';
