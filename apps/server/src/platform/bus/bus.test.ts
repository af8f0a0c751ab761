import { describe, expect, it } from 'vitest';
import { createInProcessBus, type EventBus } from './index.ts';

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

describe('the in-process bus', () => {
  it('delivers to the subscribers of a topic until they unsubscribe', async () => {
    const bus = createInProcessBus();
    const quotes = collect(bus, 'quote:AAPL');
    const other = collect(bus, 'quote:MSFT');
    await bus.publish('quote:AAPL', { price: '190.12' });
    await eventually(() => expect(quotes.received).toEqual([{ price: '190.12' }]));
    quotes.unsubscribe();
    await bus.publish('quote:AAPL', { price: '190.13' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(quotes.received).toHaveLength(1);
    expect(other.received).toEqual([]);
  });
});
