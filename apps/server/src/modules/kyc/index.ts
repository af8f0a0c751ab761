import { defineModule } from '../../platform/module.ts';
import { auth } from '../auth/index.ts';
import { messages } from '../messages/index.ts';
import { uploads } from '../uploads/index.ts';
import { createKycReview, registerKycOperatorRoutes } from './kyc.operator.ts';
import { registerKycRoutes } from './kyc.routes.ts';
import { createKycService } from './kyc.service.ts';

export { type LatestSubmission, latestSubmissionsOf, userIdsNamedLike } from './kyc.directory.ts';
export type { KycReview } from './kyc.operator.ts';
export { registerKycRoutes } from './kyc.routes.ts';
export { createKycService, type KycService } from './kyc.service.ts';

/** Identity verification: the user's submission and its state, and the operators' review of it. */
export const kyc = defineModule({
  name: 'kyc',
  needs: [auth, uploads, messages],
  create({ platform: { database }, needs }) {
    const service = createKycService({ db: database.db, auth: needs.auth.auth, uploads: needs.uploads, notify: needs.messages.notify });
    return { service, review: createKycReview(database.db, service) };
  },
  userRoutes: (web, { service }) => registerKycRoutes(web, service),
  operatorRoutes: (operatorApi, { review }) => registerKycOperatorRoutes(operatorApi, review),
});
