import { defineModule } from '../../platform/module.ts';
import { registerContentRoutes } from './content.routes.ts';
import { createContentService } from './content.service.ts';
import { createContentOperations } from './content-operations.ts';
import { registerContentOperatorRoutes } from './content-operator.routes.ts';

export type { ArticlesService } from './articles.service.ts';
export { registerContentRoutes } from './content.routes.ts';
export { type ContentService, createContentService } from './content.service.ts';
export type { ContentOperations } from './content-operations.ts';

/** Articles, announcements and the app's editable pages, and the content editors' operations on them. */
export const content = defineModule({
  name: 'content',
  needs: [],
  create({ platform: { database } }) {
    const service = createContentService({ db: database.db });
    return { service, operations: createContentOperations({ db: database.db, content: service }) };
  },
  userRoutes: (web, { service }) => registerContentRoutes(web, service),
  operatorRoutes: (operatorApi, { operations }) => registerContentOperatorRoutes(operatorApi, operations),
});
