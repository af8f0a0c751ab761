import type { FastifyBaseLogger, LogLevel } from 'fastify';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;
type Level = Exclude<LogLevel, 'silent'>;
type ParentLogger = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };

/**
 * A request's logger that becomes a child of the server's logger (with the request id bound) only when
 * it writes a line. Fastify makes a child logger for every request, and pino's child costs allocations
 * (its bindings serialised, a new logger object) even when the request logs nothing at the configured
 * level, which is most requests; this one costs one small object until a line is written, and then
 * writes exactly what the child would have.
 */
export class RequestLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | undefined;
  readonly #parent: ParentLogger;
  readonly #bindings: Bindings;

  constructor(parent: FastifyBaseLogger, bindings: Bindings) {
    this.#parent = parent as ParentLogger;
    this.#bindings = bindings;
  }

  get level(): string {
    return (this.#child ?? this.#parent).level;
  }

  set level(level: string) {
    this.#logger().level = level;
  }

  fatal(...args: unknown[]) {
    this.#write('fatal', args);
  }
  error(...args: unknown[]) {
    this.#write('error', args);
  }
  warn(...args: unknown[]) {
    this.#write('warn', args);
  }
  info(...args: unknown[]) {
    this.#write('info', args);
  }
  debug(...args: unknown[]) {
    this.#write('debug', args);
  }
  trace(...args: unknown[]) {
    this.#write('trace', args);
  }
  silent() {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#logger().child(bindings, options);
  }

  #logger(): FastifyBaseLogger {
    this.#child ??= this.#parent.child(this.#bindings);
    return this.#child;
  }

  #write(level: Level, args: unknown[]) {
    if (!((this.#child ?? this.#parent) as ParentLogger).isLevelEnabled(level)) return;
    (this.#logger()[level] as (...values: unknown[]) => void)(...args);
  }
}

/**
 * Fastify's `childLoggerFactory`: a lazy child for the usual request, pino's own child where the route
 * asks for a level or serialisers of its own.
 */
export function requestLoggerFactory(logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  if (options.level !== undefined || options.serializers !== undefined) return logger.child(bindings, options);
  return new RequestLogger(logger, bindings);
}
