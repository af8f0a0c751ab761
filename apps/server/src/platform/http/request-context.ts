import type { Locale } from '@bolsa/contracts';
import type { onRequestAsyncHookHandler } from 'fastify';

/** Who is calling: set by the auth module's `authenticateUser` pre-handler on protected routes. */
export type Principal = { userId: string; sessionId: string };

/** An operator of the console: set by the admin module's `authenticateOperator` hook on /admin/api routes. */
export type OperatorPrincipal = { operatorId: number; sessionId: number; role: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** On operator routes: the permission the service checks first, or 'public'. */
    permission?: string | undefined;
  }
  interface FastifyRequest {
    locale: Locale;
    principal: Principal | undefined;
    operator: OperatorPrincipal | undefined;
  }
  interface FastifyInstance {
    /** Provided by the auth module: answers 401 unless a live session token is sent, before the body is even read. */
    authenticateUser: onRequestAsyncHookHandler;
    /** Provided by the admin module: answers 401 unless a live operator session token is sent. */
    authenticateOperator: onRequestAsyncHookHandler;
  }
}
