import type { FastifyInstance } from 'fastify';
import type { JobDefinition } from './jobs/index.ts';
import type { Platform } from './platform.ts';

/** A module as the list holds it, whatever its services (the list's element type). */
// biome-ignore lint/suspicious/noExplicitAny: the erased form of every descriptor; each one is typed where it is defined.
export type AnyModule = ModuleDescriptor<string, readonly any[], any, any>;

type ServicesOfModule<M> = M extends ModuleDescriptor<string, readonly AnyModule[], infer Services, infer _Options> ? Services : never;
type OptionsOfModule<M> = M extends ModuleDescriptor<string, readonly AnyModule[], infer _Services, infer Options> ? Options : never;
type Intersection<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void ? I : never;

/** The services of the given modules, by module name: what a factory receives for the modules it needs. */
export type ServicesOf<Modules extends readonly AnyModule[]> = {
  [M in Modules[number] as M['name']]: ServicesOfModule<M>;
};

/** Every option the given modules read from the app's options (tests replace sources and clocks with them). */
export type OptionsOf<Modules extends readonly AnyModule[]> = Intersection<OptionsOfModule<Modules[number]>>;

/** What a module's routes, jobs and hooks are given besides its own services. */
export type ModuleContext<Needs extends readonly AnyModule[], Options> = {
  platform: Platform;
  needs: ServicesOf<Needs>;
  options: Options;
};

/**
 * One server module as `buildApp` wires it (ADR 0014): its name, the modules it needs (listed before it
 * in `modules/index.ts`), how it is created, its user routes (under /web), its operator routes (under
 * /admin/api), its jobs, and what it does at start and at close.
 */
export type ModuleDescriptor<Name extends string, Needs extends readonly AnyModule[], Services, Options> = {
  name: Name;
  needs: Needs;
  /** Builds the module's services from the platform and the services of the modules it needs. */
  create(context: ModuleContext<Needs, Options>): Services | Promise<Services>;
  userRoutes?(web: FastifyInstance, services: Services, context: ModuleContext<Needs, Options>): void | Promise<void>;
  operatorRoutes?(operatorApi: FastifyInstance, services: Services, context: ModuleContext<Needs, Options>): void | Promise<void>;
  jobs?(services: Services): JobDefinition[];
  /** Accounts the deployment starts with (bootstrap operator, demo data): after the routes, before the jobs run. */
  seed?(services: Services, context: ModuleContext<Needs, Options>): Promise<void>;
  /** Starts what runs in the background (feeds, engines), once everything is created and seeded. */
  start?(services: Services, context: ModuleContext<Needs, Options>): Promise<void>;
  /** Stops what `start` started or `create` opened; at close, in the reverse order of the list. */
  stop?(services: Services): Promise<void>;
};

/** Declares a module; only types: the descriptor is returned as given, its services and options inferred. */
export function defineModule<const Name extends string, const Needs extends readonly AnyModule[], Services, Options = object>(
  descriptor: ModuleDescriptor<Name, Needs, Services, Options>,
): ModuleDescriptor<Name, Needs, Services, Options> {
  return descriptor;
}

/**
 * Walks the ordered list of modules: creates each with the services of the modules it needs (which must
 * come before it), then registers their jobs and routes, seeds, starts and stops them, always in list
 * order (stop in reverse).
 */
export function wireModules<const List extends readonly AnyModule[]>(list: List, platform: Platform, options: OptionsOf<List>) {
  const services: Record<string, unknown> = {};
  const created: Array<{ module: AnyModule; context: ModuleContext<readonly AnyModule[], unknown> }> = [];
  const each = async (step: (module: AnyModule, own: unknown, context: ModuleContext<readonly AnyModule[], unknown>) => unknown) => {
    for (const { module, context } of created) await step(module, services[module.name], context);
  };
  return {
    async create(): Promise<ServicesOf<List>> {
      for (const module of list) {
        const missing = module.needs.find((need: AnyModule) => !(need.name in services));
        if (missing) throw new Error(`module ${module.name} needs ${missing.name}, which must be listed before it`);
        const needs = Object.fromEntries(module.needs.map((need: AnyModule) => [need.name, services[need.name]]));
        const context = { platform, needs, options };
        services[module.name] = await module.create(context);
        created.push({ module, context });
        for (const job of module.jobs?.(services[module.name]) ?? []) platform.jobs.register(job);
      }
      return services as ServicesOf<List>;
    },
    registerUserRoutes: (web: FastifyInstance) => each((module, own, context) => module.userRoutes?.(web, own, context)),
    registerOperatorRoutes: (operatorApi: FastifyInstance) =>
      each((module, own, context) => module.operatorRoutes?.(operatorApi, own, context)),
    seed: () => each((module, own, context) => module.seed?.(own, context)),
    start: () => each((module, own, context) => module.start?.(own, context)),
    async stop() {
      for (const { module } of created.toReversed()) await module.stop?.(services[module.name]);
    },
  };
}
