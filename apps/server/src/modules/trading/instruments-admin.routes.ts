import { operatorInstrumentsApi } from '@bolsa/contracts';
import type { FastifyInstance } from 'fastify';
import { operatorRoute } from '../../platform/http/index.ts';
import type { InstrumentsAdminService } from './instruments-admin.service.ts';

/** Operators' instrument and market settings under /admin/api: halt, resume, fees, leverage limits, minimum quantity. */
export function registerInstrumentsOperatorRoutes(app: FastifyInstance, instruments: InstrumentsAdminService) {
  const tags = ['operator'];
  operatorRoute(
    app,
    operatorInstrumentsApi.search,
    { summary: 'Search instruments with their trading settings', tags },
    ({ operator, query }) => instruments.search(operator, query),
  );
  operatorRoute(app, operatorInstrumentsApi.markets, { summary: 'Trading settings per market', tags }, ({ operator }) =>
    instruments.markets(operator),
  );
  operatorRoute(
    app,
    operatorInstrumentsApi.halt,
    { summary: 'Halt new orders on an instrument', tags },
    ({ operator, params, body, request }) => instruments.halt(operator, { ipAddress: request.ip }, params.code, body.reason),
  );
  operatorRoute(app, operatorInstrumentsApi.resume, { summary: 'Resume trading an instrument', tags }, ({ operator, params, request }) =>
    instruments.resume(operator, { ipAddress: request.ip }, params.code),
  );
  operatorRoute(
    app,
    operatorInstrumentsApi.editInstrument,
    { summary: "Edit an instrument's fee, leverage limits or minimum quantity", tags },
    ({ operator, params, body, request }) => instruments.editInstrument(operator, { ipAddress: request.ip }, params.code, body),
  );
  operatorRoute(
    app,
    operatorInstrumentsApi.editMarket,
    { summary: "Edit a market's fee or leverage limits", tags },
    ({ operator, params, body, request }) => instruments.editMarket(operator, { ipAddress: request.ip }, params.source, body),
  );
}
