export { registerContentRoutes } from './content.routes.ts';
export { type ContentService, createContentService } from './content.service.ts';
