import { randomBytes } from 'node:crypto';

/** 2^44: counting from it, a request number is 12 hexadecimal digits for the next 2.6 * 10^14 requests. */
const counterStart = 0x1000_0000_0000;

/**
 * Request ids shaped like a UUID (8-4-4-4-12 hexadecimal digits): the first 20 digits drawn at random
 * once per process, the last 12 a counter. They are unique across processes and restarts like random
 * UUIDs for every practical purpose (80 random bits per process), and cost one number formatted and
 * one concatenation per request instead of 16 random bytes formatted digit by digit. An id only
 * correlates a request's log lines and error answer; it is no secret and grants nothing.
 */
export function createRequestIdGenerator(): () => string {
  const hex = randomBytes(10).toString('hex');
  const prefix = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-`;
  let counter = counterStart;
  return () => {
    counter += 1;
    return prefix + counter.toString(16);
  };
}
