import { describe, expect, it } from 'vitest';
import { collect, eventually } from '../../test/bus-helpers.ts';
import { createInProcessBus } from './index.ts';

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
