import { defineModule } from '../../platform/module.ts';
import { auth } from '../auth/index.ts';
import { funding } from '../funding/index.ts';
import { kyc } from '../kyc/index.ts';
import { ledger } from '../ledger/index.ts';
import { messages } from '../messages/index.ts';
import { seedReferralDemo } from './referral.demo.ts';
import { createReferralOperations, registerReferralOperatorRoutes, seedReferralProgramme } from './referral.operator.ts';
import { registerReferralRoutes } from './referral.routes.ts';
import { createReferralService } from './referral.service.ts';

export type { ReferralOperations } from './referral.operator.ts';
export { createReferralService, type ReferralService } from './referral.service.ts';

/**
 * Referral (issue 23 §2): the invitation code shared as a link and QR code, the user's invitees, and one
 * level of rewards paid through the ledger once an invitee's deposit has been kept; abuse held for review.
 */
export const referral = defineModule({
  name: 'referral',
  needs: [auth, messages, kyc, ledger, funding],
  create({ platform: { database, now, logger }, needs }) {
    const service = createReferralService({ db: database.db, ledger: needs.ledger, notify: needs.messages.notify, now, logger });
    return { service, operations: createReferralOperations(service.dependencies) };
  },
  userRoutes: (web, { service }) => registerReferralRoutes(web, service),
  operatorRoutes: (operatorApi, { operations }) => registerReferralOperatorRoutes(operatorApi, operations),
  jobs: ({ service }) => [service.rewardJob],
  async seed(_services, { platform, needs }) {
    await seedReferralProgramme(platform.database.db);
    if (platform.config.isDemoDataEnabled) await seedReferralDemo(platform.database.db, needs.auth.auth, needs.ledger);
  },
});
