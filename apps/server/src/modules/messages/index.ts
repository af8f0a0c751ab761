export { registerMessagesRoutes } from './messages.routes.ts';
export { createMessagesService, type MessagesService } from './messages.service.ts';
