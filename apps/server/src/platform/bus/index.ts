export type { EventBus, EventHandler } from './event-bus.ts';
export { createInProcessBus } from './in-process-bus.ts';
export { createRedisBus } from './redis-bus.ts';
