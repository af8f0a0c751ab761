import type { EventBus } from '../platform/bus/index.ts';

export function collect(bus: EventBus, topic: string) {
  const received: unknown[] = [];
  const unsubscribe = bus.subscribe(topic, (payload) => received.push(payload));
  return { received, unsubscribe };
}

export async function eventually(check: () => void) {
  const deadline = Date.now() + 3_000;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}
