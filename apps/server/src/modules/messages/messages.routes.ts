import { messagesApi } from '@bolsa/contracts';
import type { FastifyInstance } from 'fastify';
import { userRoute } from '../../platform/http/index.ts';
import type { MessagesService } from './messages.service.ts';

export function registerMessagesRoutes(app: FastifyInstance, service: MessagesService) {
  const tags = ['messages'];
  userRoute(
    app,
    messagesApi.list,
    { summary: 'The user messages, newest first, with the unread count', tags },
    ({ principal, query, request }) => service.list(principal, request.locale, query),
  );
  userRoute(app, messagesApi.detail, { summary: 'One message; opening it marks it read', tags }, ({ principal, params, request }) =>
    service.detail(principal, request.locale, params.id),
  );
  userRoute(app, messagesApi.markRead, { summary: 'Mark messages read', tags }, ({ principal, body }) => service.markRead(principal, body));
}
