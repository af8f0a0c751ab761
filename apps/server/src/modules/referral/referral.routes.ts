import { referralApi } from '@bolsa/contracts';
import type { FastifyInstance } from 'fastify';
import { userRoute } from '../../platform/http/index.ts';
import type { ReferralService } from './referral.service.ts';

export function registerReferralRoutes(app: FastifyInstance, referral: ReferralService) {
  const tags = ['referral'];
  userRoute(
    app,
    referralApi.share,
    { summary: 'The invitation code, the programme in force and the rewards paid', tags },
    ({ principal }) => referral.share(principal),
  );
  userRoute(
    app,
    referralApi.invitees,
    { summary: "The user's invitees (masked), each registered, verified, funded and its reward state", tags },
    ({ principal, body }) => referral.invitees(principal, body),
  );
}
