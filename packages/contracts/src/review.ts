import { z } from 'zod';
import type { OperatorPermission } from './operator-permissions.ts';
import { pageOf, pageQueryFields, pathIdSchema } from './paging.ts';
import { textSchema } from './validation.ts';

/** A review queue's filter: pending requests (oldest first) or all of them, a page at a time. */
export const reviewQuery = z.object({
  status: z.enum(['pending', 'all'], { error: 'validation.invalidValue' }).default('pending'),
  ...pageQueryFields,
});
/** A refusal always says why; the reason reaches the user. */
export const rejectBody = z.object({ reason: textSchema(200) });
export const reviewIdParams = z.object({ id: pathIdSchema });
export type ReviewFilter = z.output<typeof reviewQuery>;

/**
 * The three operator routes of a review (ADR 0015): `GET <path>` (the queue), `POST <path>/:id/approve`
 * and `POST <path>/:id/reject` with a reason. `queuePermission` when reading the queue needs another
 * permission than deciding (adjustments: requesters see the list, approvers decide).
 */
export function reviewApi<
  const Path extends string,
  const Permission extends OperatorPermission,
  Item extends z.ZodType,
  Decided extends z.ZodType,
  const QueuePermission extends OperatorPermission = Permission,
>(options: { path: Path; permission: Permission; queuePermission?: QueuePermission; item: Item; decided: Decided }) {
  const { path, permission, decided } = options;
  return {
    queue: {
      method: 'GET',
      path,
      permission: (options.queuePermission ?? permission) as QueuePermission,
      query: reviewQuery,
      data: pageOf(options.item),
    },
    approve: { method: 'POST', path: `${path}/:id/approve` as `${Path}/:id/approve`, permission, params: reviewIdParams, data: decided },
    reject: {
      method: 'POST',
      path: `${path}/:id/reject` as `${Path}/:id/reject`,
      permission,
      params: reviewIdParams,
      body: rejectBody,
      data: decided,
    },
  } as const;
}
