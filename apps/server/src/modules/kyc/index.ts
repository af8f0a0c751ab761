import { defineModule } from '../../platform/module.ts';
import { auth } from '../auth/index.ts';
import { messages } from '../messages/index.ts';
import { uploads } from '../uploads/index.ts';
import { registerKycRoutes } from './kyc.routes.ts';
import { createKycService } from './kyc.service.ts';

export { registerKycRoutes } from './kyc.routes.ts';
export { createKycService, type KycService } from './kyc.service.ts';

/** Identity verification: the user's submission and its state. */
export const kyc = defineModule({
  name: 'kyc',
  needs: [auth, uploads, messages],
  create: ({ platform: { database }, needs }) =>
    createKycService({ db: database.db, auth: needs.auth.auth, uploads: needs.uploads, notify: needs.messages.notify }),
  userRoutes: (web, kyc) => registerKycRoutes(web, kyc),
});
