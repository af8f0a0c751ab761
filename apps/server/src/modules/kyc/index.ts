export { registerKycRoutes } from './kyc.routes.ts';
export { createKycService, type KycService } from './kyc.service.ts';
