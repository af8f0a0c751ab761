import { describe, expect, it } from 'vitest';
import { createGroupQueue, eventLoopUtilization } from './group-queue.ts';

type Item = { key: string; lane: number };

/** A queue whose groups stay in flight until the test lets them go, recording what was sent together. */
function recordingQueue(
  options: { maxItems: number; maxGroupsInFlight: number; minItemsAlongside?: number; maxUtilizationAlongside?: number },
  withLanes: boolean,
  utilization?: () => number,
) {
  const sent: string[][] = [];
  const release: Array<() => void> = [];
  const queue = createGroupQueue<Item, string>(options, {
    keyOf: (item) => item.key,
    sendGroup: (items) =>
      new Promise((resolve) => {
        sent.push(items.map((item) => item.key));
        release.push(() => resolve(items.map((item) => `done ${item.key}`)));
      }),
    sendAlone: (item) =>
      new Promise((resolve) => {
        sent.push([item.key]);
        release.push(() => resolve(`done ${item.key}`));
      }),
    ...(withLanes ? { laneOf: (item: Item) => item.lane } : {}),
    ...(utilization ? { utilization } : {}),
  });
  return { queue, sent, release };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('group queue', () => {
  it('sends items of different lanes in different groups, one group of each lane in flight at a time', async () => {
    const { queue, sent, release } = recordingQueue({ maxItems: 8, maxGroupsInFlight: 2 }, true);
    const first = ['a0', 'b1', 'c0', 'd1'].map((key) => queue.submit({ key, lane: Number(key[1]) }));
    await settle();
    expect(sent).toEqual([
      ['a0', 'c0'],
      ['b1', 'd1'],
    ]);
    // While both lanes are busy, later items queue in their own lane and go together when it frees.
    const later = ['e0', 'f0', 'g1'].map((key) => queue.submit({ key, lane: Number(key[1]) }));
    await settle();
    expect(sent).toHaveLength(2);
    release[0]?.();
    await Promise.all(first.slice(0, 1));
    await settle();
    await settle();
    expect(sent[2]).toEqual(['e0', 'f0']);
    for (const go of release.slice(1)) go();
    await settle();
    await settle();
    expect(sent[3]).toEqual(['g1']);
    for (const go of release.slice(3)) go();
    expect(await Promise.all([...first, ...later])).toEqual(['a0', 'b1', 'c0', 'd1', 'e0', 'f0', 'g1'].map((key) => `done ${key}`));
  });

  it('without lanes, any free slot sends the oldest items', async () => {
    const { queue, sent, release } = recordingQueue({ maxItems: 2, maxGroupsInFlight: 2 }, false);
    const all = ['a0', 'b1', 'c0', 'd1', 'e0'].map((key) => queue.submit({ key, lane: Number(key[1]) }));
    await settle();
    expect(sent).toEqual([
      ['a0', 'b1'],
      ['c0', 'd1'],
    ]);
    release[0]?.();
    await settle();
    await settle();
    expect(sent[2]).toEqual(['e0']);
    for (const go of release.slice(1)) go();
    expect(await Promise.all(all)).toHaveLength(5);
  });

  it('with a minimum alongside, a lane waits for a fuller group while another is in flight, and sends what it has once none is', async () => {
    const { queue, sent, release } = recordingQueue({ maxItems: 8, maxGroupsInFlight: 2, minItemsAlongside: 3 }, true);
    const submit = (key: string) => queue.submit({ key, lane: Number(key[1]) });
    const all = [submit('a0')];
    await settle();
    expect(sent).toEqual([['a0']]);
    all.push(submit('b1'), submit('d1'));
    await settle();
    expect(sent).toHaveLength(1);
    release[0]?.();
    await settle();
    await settle();
    expect(sent[1]).toEqual(['b1', 'd1']);
    all.push(submit('c0'), submit('e0'));
    await settle();
    expect(sent).toHaveLength(2);
    all.push(submit('g0'));
    await settle();
    expect(sent[2]).toEqual(['c0', 'e0', 'g0']);
    for (const go of release.slice(1)) go();
    expect(await Promise.all(all)).toEqual(['a0', 'b1', 'd1', 'c0', 'e0', 'g0'].map((key) => `done ${key}`));
  });

  it("sends the next group before answering the finished group's callers", async () => {
    const { queue, sent, release } = recordingQueue({ maxItems: 8, maxGroupsInFlight: 1 }, false);
    const first = ['a0', 'b0'].map((key) => queue.submit({ key, lane: 0 }));
    await settle();
    const later = ['c0', 'd0'].map((key) => queue.submit({ key, lane: 0 }));
    await settle();
    expect(sent).toEqual([['a0', 'b0']]);
    let sentWhenAnswered = 0;
    const answered = first[0]?.then(() => {
      sentWhenAnswered = sent.length;
    });
    release[0]?.();
    await answered;
    expect(sentWhenAnswered).toBe(2);
    expect(sent[1]).toEqual(['c0', 'd0']);
    release[1]?.();
    expect(await Promise.all([...first, ...later])).toEqual(['a0', 'b0', 'c0', 'd0'].map((key) => `done ${key}`));
  });

  it('while the process is busier than the limit, a lane waits for the group in flight instead of going alongside it', async () => {
    let busy = 0.9;
    const { queue, sent, release } = recordingQueue({ maxItems: 8, maxGroupsInFlight: 2, maxUtilizationAlongside: 0.65 }, true, () => busy);
    const submit = (key: string) => queue.submit({ key, lane: Number(key[1]) });
    const all = [submit('a0'), submit('c0')];
    await settle();
    expect(sent).toEqual([['a0', 'c0']]);
    all.push(submit('b1'));
    await settle();
    expect(sent).toHaveLength(1);
    release[0]?.();
    await settle();
    await settle();
    expect(sent[1]).toEqual(['b1']);
    busy = 0.3;
    all.push(submit('e0'), submit('g0'));
    await settle();
    expect(sent[2]).toEqual(['e0', 'g0']);
    for (const go of release.slice(1)) go();
    expect(await Promise.all(all)).toEqual(['a0', 'c0', 'b1', 'e0', 'g0'].map((key) => `done ${key}`));
  });

  it("measures the event loop's utilization over a window, without a timer", async () => {
    const utilization = eventLoopUtilization(20);
    expect(utilization()).toBe(0);
    const until = performance.now() + 30;
    while (performance.now() < until) {
      // keep the event loop busy for the whole window
    }
    expect(utilization()).toBeGreaterThan(0.5);
    // Idle long enough that the test worker's own stray work (its reporter, a collection) stays a small share.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(utilization()).toBeLessThan(0.5);
  });
});
