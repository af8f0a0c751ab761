import { operatorMessagesApi } from '@bolsa/contracts';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../platform/db/index.ts';
import { operatorRoute } from '../../platform/http/index.ts';
import { createAuditedDecision, requirePermission } from '../../platform/operators/index.ts';
import type { MessagesService } from './messages.service.ts';

/** Operators write to one user or to everyone (`messages.send`); the message sent is also the audit row's "after". */
export function registerMessagesOperatorRoutes(app: FastifyInstance, db: Database, messages: MessagesService) {
  const audited = createAuditedDecision(db);
  operatorRoute(
    app,
    operatorMessagesApi.send,
    { summary: 'Write a message to one user, or to everyone', tags: ['operator'] },
    ({ operator, body: input, request }) => {
      requirePermission(operator, 'messages.send');
      return audited(
        operator,
        { ipAddress: request.ip },
        'message.send',
        { type: 'message', id: input.userId === undefined ? 0 : Number(input.userId) },
        (tx) => messages.send(tx, operator.operatorId, { ...input, userId: input.userId === undefined ? undefined : Number(input.userId) }),
        async () => undefined,
      );
    },
  );
}
