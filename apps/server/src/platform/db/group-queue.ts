export type GroupQueueOptions = {
  /** Most items in one group; a bigger group holds its rows' locks longer. */
  maxItems: number;
  /** Groups in flight at once (each uses one pooled connection); while all are busy, new items queue and join the next group. */
  maxGroupsInFlight: number;
  /**
   * While another group is in flight, a lane waits until it has this many items (it always sends when
   * nothing is in flight): each group costs the process a round trip's work whatever its size.
   */
  minItemsAlongside?: number;
  /**
   * While another group is in flight, a lane also waits while the process's event loop was busier than
   * this share of the last window (`utilization`): when the process is the limit, one group at a time costs
   * it least, and a second one side by side only takes the cores it needs; when it is not, two groups use
   * the database's parallelism.
   */
  maxUtilizationAlongside?: number;
};

/** What a group queue is told of its items. */
export type GroupQueueHandlers<Item, Result> = {
  keyOf: (item: Item) => string;
  sendGroup: (items: Item[]) => Promise<Result[]>;
  sendAlone: (item: Item) => Promise<Result>;
  /**
   * Items whose groups would wait on each other's row locks (they move the same busy rows) share a lane;
   * with lanes, each of the `maxGroupsInFlight` lanes (`laneOf(item) % maxGroupsInFlight`) sends one group
   * at a time, so groups in flight never queue behind each other. Without it, any free slot sends the
   * oldest items.
   */
  laneOf?: (item: Item) => number;
  /** How busy the process is, 0 to 1 (`maxUtilizationAlongside`); the event loop's utilization by default. */
  utilization?: () => number;
};

/**
 * The share of the last window (at least `windowMs`) the event loop spent busy, worked out when asked: no
 * timer samples it.
 */
export function eventLoopUtilization(windowMs = 100): () => number {
  let last = performance.eventLoopUtilization();
  let lastAt = performance.now();
  let share = 0;
  return () => {
    const now = performance.now();
    if (now - lastAt >= windowMs) {
      const current = performance.eventLoopUtilization();
      share = performance.eventLoopUtilization(current, last).utilization;
      last = current;
      lastAt = now;
    }
    return share;
  };
}

/** Whether the process is too busy for a group alongside another (`maxUtilizationAlongside`); never without a limit. */
function busyCheck(limit: number | undefined, utilization: (() => number) | undefined): () => boolean {
  if (limit === undefined) return () => false;
  const share = utilization ?? eventLoopUtilization();
  return () => share() >= limit;
}

export type GroupQueueStats = { groups: number; items: number; largestGroup: number; fallbacks: number };

type Waiting<Item, Result> = { item: Item; resolve: (result: Result) => void; reject: (error: unknown) => void };

/**
 * Sends independent, idempotent writes in groups (ADR 0009): items that arrive while the groups in flight
 * are busy are sent together by `sendGroup`, one round trip and one commit for the group. `sendGroup` is
 * all or nothing: it answers every item or throws having written nothing, and then each item of the
 * group is sent alone by `sendAlone` and meets its own result or error (correct because every item is
 * idempotent). A group of one is sent alone.
 *
 * The wait is never a timer: an item that finds a free slot is sent at once (after the current turn of
 * the event loop, so items issued together travel together); only under load, when every slot is busy,
 * do items queue, and then the queue is exactly the group the next free slot sends. With
 * `minItemsAlongside` (and `maxUtilizationAlongside`), a free slot also waits while another group is in
 * flight and its queue is shorter than that (or the process is busier than that): it is looked at again
 * as each item arrives, and it goes at the latest when the other group finishes. An item whose key is
 * queued or in flight waits for that one to finish first (then it replays): two groups each holding a
 * key the other wants would deadlock.
 */
export function createGroupQueue<Item, Result>(options: GroupQueueOptions, handlers: GroupQueueHandlers<Item, Result>) {
  type Lane = { queue: Array<Waiting<Item, Result>>; inFlight: number; isScheduled: boolean };
  const { laneOf } = handlers;
  // With lanes, one group in flight per lane; without, one lane with every group.
  const groupsPerLane = laneOf ? 1 : options.maxGroupsInFlight;
  const lanes: Lane[] = Array.from({ length: laneOf ? options.maxGroupsInFlight : 1 }, () => ({
    queue: [],
    inFlight: 0,
    isScheduled: false,
  }));
  const stats: GroupQueueStats = { groups: 0, items: 0, largestGroup: 0, fallbacks: 0 };
  const keysInFlight = new Map<string, Promise<unknown>>();

  const minItemsAlongside = options.minItemsAlongside ?? 1;
  const isTooBusy = busyCheck(options.maxUtilizationAlongside, handlers.utilization);
  const isAnyInFlight = () => lanes.some((lane) => lane.inFlight > 0);
  const mayGoAlongside = (lane: Lane) => lane.queue.length >= minItemsAlongside && !isTooBusy();
  const maySend = (lane: Lane) => lane.queue.length > 0 && lane.inFlight < groupsPerLane && (!isAnyInFlight() || mayGoAlongside(lane));

  function schedule(lane: Lane) {
    if (lane.isScheduled || !maySend(lane)) return;
    lane.isScheduled = true;
    setImmediate(() => {
      lane.isScheduled = false;
      while (maySend(lane)) {
        void send(lane, lane.queue.splice(0, options.maxItems));
      }
    });
  }

  const laneFor = (item: Item): Lane => (laneOf ? (lanes[Math.abs(Math.trunc(laneOf(item))) % lanes.length] as Lane) : (lanes[0] as Lane));

  const sendAlone = (waiting: Waiting<Item, Result>) => handlers.sendAlone(waiting.item).then(waiting.resolve, waiting.reject);

  async function send(lane: Lane, group: Array<Waiting<Item, Result>>) {
    lane.inFlight += 1;
    stats.groups += 1;
    stats.items += group.length;
    stats.largestGroup = Math.max(stats.largestGroup, group.length);
    let answer: (() => void) | undefined;
    try {
      if (group.length === 1) {
        await sendAlone(group[0] as Waiting<Item, Result>);
        return;
      }
      let results: Result[];
      try {
        results = await handlers.sendGroup(group.map((waiting) => waiting.item));
        if (results.length !== group.length) throw new Error(`a group of ${group.length} answered ${results.length} results`);
      } catch {
        stats.fallbacks += 1;
        await Promise.all(group.map(sendAlone));
        return;
      }
      answer = () =>
        group.forEach((waiting, index) => {
          waiting.resolve(results[index] as Result);
        });
    } finally {
      lane.inFlight -= 1;
      // The other lanes first: one may have waited for this group to finish.
      const at = lanes.indexOf(lane);
      for (let step = 1; step <= lanes.length; step += 1) schedule(lanes[(at + step) % lanes.length] as Lane);
    }
    // A group scheduled just above leaves before this one is answered (both wait for the same phase of the
    // event loop, in order): the database starts on the items that waited out this group's flight while
    // this group's callers are answered, instead of after all their replies are written.
    if (lanes.some((other) => other.isScheduled)) setImmediate(answer);
    else answer();
  }

  return {
    /** How many groups were sent and how big they were: what the benchmarks print. */
    stats: () => ({ ...stats }),
    submit(item: Item): Promise<Result> {
      const key = handlers.keyOf(item);
      const enqueue = () =>
        new Promise<Result>((resolve, reject) => {
          const lane = laneFor(item);
          lane.queue.push({ item, resolve, reject });
          schedule(lane);
        });
      const earlier = keysInFlight.get(key);
      const submitted = earlier ? earlier.then(enqueue, enqueue) : enqueue();
      const settled = submitted.then(
        () => undefined,
        () => undefined,
      );
      keysInFlight.set(key, settled);
      void settled.then(() => {
        if (keysInFlight.get(key) === settled) keysInFlight.delete(key);
      });
      return submitted;
    },
  };
}
