import { followApi } from '@bolsa/contracts';
import type { FastifyInstance } from 'fastify';
import { publicRoute, userRoute } from '../../platform/http/index.ts';
import type { FollowService } from './follow.service.ts';

/** Follow-invest under /web (spec §7 /userFollowInvest/...): institutions (public), following, the lock, the check. */
export function registerFollowRoutes(app: FastifyInstance, follow: FollowService) {
  const tags = ['follow'];
  publicRoute(
    app,
    followApi.agencies,
    { summary: 'Institutions with their realised record, fees and followers, described in the language of the request', tags },
    ({ request }) => follow.agencies(request.locale),
  );
  userRoute(
    app,
    followApi.add,
    { summary: 'Follow an institution: the amount is held until the next NAV cut-off', tags },
    ({ principal, body }) => follow.add(principal, body),
  );
  userRoute(app, followApi.orders, { summary: "The user's follows, newest first", tags }, ({ principal, body }) =>
    follow.orders(principal, body),
  );
  userRoute(
    app,
    followApi.sell,
    { summary: 'Refused: a follow cannot be sold before its period ends (spec §5)', tags },
    ({ principal, body }) => follow.sell(principal, body.id),
  );
  userRoute(
    app,
    followApi.appropriateness,
    { summary: 'Whether the appropriateness check was passed, and its questions', tags },
    ({ principal }) => follow.appropriateness(principal),
  );
  userRoute(
    app,
    followApi.answerAppropriateness,
    { summary: 'Answer the appropriateness check and accept the risk warning', tags },
    ({ principal, body }) => follow.answerAppropriateness(principal, body),
  );
}
