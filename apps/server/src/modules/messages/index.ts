import { defineModule } from '../../platform/module.ts';
import { auth } from '../auth/index.ts';
import { registerMessagesOperatorRoutes } from './messages.operator.ts';
import { registerMessagesRoutes } from './messages.routes.ts';
import { createMessagesService } from './messages.service.ts';

export { registerMessagesRoutes } from './messages.routes.ts';
export { createMessagesService, type MessagesService } from './messages.service.ts';

/** The user's inbox and the notifications every other module sends through it. */
export const messages = defineModule({
  name: 'messages',
  needs: [auth],
  create: ({ platform: { database, bus, logger }, needs }) =>
    createMessagesService({ db: database.db, auth: needs.auth.auth, bus, logger }),
  userRoutes: (web, messages) => registerMessagesRoutes(web, messages),
  operatorRoutes: (operatorApi, messages, { platform }) => registerMessagesOperatorRoutes(operatorApi, platform.database.db, messages),
});
