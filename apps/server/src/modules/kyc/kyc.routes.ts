import { kycApi } from '@bolsa/contracts';
import type { FastifyInstance } from 'fastify';
import { userRoute } from '../../platform/http/index.ts';
import type { KycService } from './kyc.service.ts';

export function registerKycRoutes(app: FastifyInstance, kyc: KycService) {
  const tags = ['kyc'];
  userRoute(app, kycApi.submit, { summary: 'Submit an identity document for verification', tags }, ({ principal, body }) =>
    kyc.submit(principal, body),
  );
  userRoute(app, kycApi.state, { summary: 'The current identity verification state', tags }, ({ principal }) => kyc.state(principal));
}
