import { defineModule } from '../../platform/module.ts';
import { registerContentRoutes } from './content.routes.ts';
import { createContentService } from './content.service.ts';

export type { ArticlesService } from './articles.service.ts';
export { registerContentRoutes } from './content.routes.ts';
export { type ContentService, createContentService } from './content.service.ts';

/** Articles, announcements and the app's editable pages. */
export const content = defineModule({
  name: 'content',
  needs: [],
  create: ({ platform: { database } }) => createContentService({ db: database.db }),
  userRoutes: (web, content) => registerContentRoutes(web, content),
});
