import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { successBody } from './envelope.ts';
import type { OperatorPrincipal, Principal } from './request-context.ts';

export type RouteSpec = {
  method: 'GET' | 'POST';
  path: string;
  body?: z.ZodType | undefined;
  query?: z.ZodType | undefined;
  params?: z.ZodType | undefined;
  data: z.ZodType;
  /**
   * Operator routes: the permission their service checks first ('public' for the login), kept in the
   * route's config so tests can enumerate every operator route with what it requires.
   */
  permission?: string;
};

type Input<T> = T extends z.ZodType ? z.output<T> : undefined;

export type RouteContext<S extends RouteSpec> = {
  body: Input<S['body']>;
  query: Input<S['query']>;
  params: Input<S['params']>;
  request: FastifyRequest;
};

export type UserRouteContext<S extends RouteSpec> = RouteContext<S> & { principal: Principal };
export type OperatorRouteContext<S extends RouteSpec> = RouteContext<S> & { operator: OperatorPrincipal };

type Options = { summary: string; tags: string[] };

function schemaOf(spec: RouteSpec, options: Options, isProtected: boolean) {
  return {
    summary: options.summary,
    tags: options.tags,
    ...(isProtected ? { security: [{ token: [] }] } : {}),
    // An optional body may also arrive as nothing at all or as JSON `null`, which Fastify hands to
    // validation as null: both read as absent, so the schema's own default applies.
    ...(spec.body
      ? { body: spec.body.safeParse(undefined).success ? z.preprocess((value) => value ?? undefined, spec.body) : spec.body }
      : {}),
    ...(spec.query ? { querystring: spec.query } : {}),
    ...(spec.params ? { params: spec.params } : {}),
    response: { 200: z.object({ code: z.number(), msg: z.string(), data: spec.data }) },
  };
}

/** A public route: declares its schemas from the contract and answers the handler's data in the envelope. */
export function publicRoute<S extends RouteSpec>(
  app: FastifyInstance,
  spec: S,
  options: Options,
  handler: (context: RouteContext<S>) => Promise<z.input<S['data']>>,
) {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: spec.method,
    url: spec.path,
    config: { permission: spec.permission },
    schema: schemaOf(spec, options, false),
    handler: async (request) => {
      const data = await handler(contextOf<S>(request));
      return successBody(data, request.locale);
    },
  });
}

/** A route for a logged-in user: the auth module's hook answers 401 before validation and the handler. */
export function userRoute<S extends RouteSpec>(
  app: FastifyInstance,
  spec: S,
  options: Options,
  handler: (context: UserRouteContext<S>) => Promise<z.input<S['data']>>,
) {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: spec.method,
    url: spec.path,
    schema: schemaOf(spec, options, true),
    onRequest: app.authenticateUser,
    handler: async (request) => {
      const principal = request.principal;
      if (!principal) throw new Error('authenticateUser let a request through without a principal');
      const data = await handler({ ...contextOf<S>(request), principal });
      return successBody(data, request.locale);
    },
  });
}

/** A route of the operator API: the admin module's hook answers 401 before validation unless an operator session is live. */
export function operatorRoute<S extends RouteSpec>(
  app: FastifyInstance,
  spec: S,
  options: Options,
  handler: (context: OperatorRouteContext<S>) => Promise<z.input<S['data']>>,
) {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: spec.method,
    url: spec.path,
    config: { permission: spec.permission },
    schema: schemaOf(spec, options, true),
    onRequest: app.authenticateOperator,
    handler: async (request) => {
      const operator = request.operator;
      if (!operator) throw new Error('authenticateOperator let a request through without an operator');
      const data = await handler({ ...contextOf<S>(request), operator });
      return successBody(data, request.locale);
    },
  });
}

function contextOf<S extends RouteSpec>(request: FastifyRequest): RouteContext<S> {
  return {
    body: (request.body ?? undefined) as Input<S['body']>,
    query: request.query as Input<S['query']>,
    params: request.params as Input<S['params']>,
    request,
  };
}
