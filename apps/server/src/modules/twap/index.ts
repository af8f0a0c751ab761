import { defineModule } from '../../platform/module.ts';
import { auth } from '../auth/index.ts';
import { ledger } from '../ledger/index.ts';
import { messages } from '../messages/index.ts';
import { trading } from '../trading/index.ts';
import { registerTwapOperatorRoutes, registerTwapRoutes } from './twap.routes.ts';
import { createTwapService } from './twap.service.ts';
import { createSliceJob } from './twap.slices.ts';

export type { TwapService } from './twap.service.ts';

/**
 * Large orders worked over time (issue 19 §3, TWAP), for any user: the plan and its progress, and the
 * job that places each slice as a market order of the trading module in its own savepoint.
 */
export const twap = defineModule({
  name: 'twap',
  needs: [auth, ledger, messages, trading],
  create({ platform: { database, now }, needs }) {
    const dependencies = {
      db: database.db,
      now,
      trading: needs.trading.service,
      ledger: needs.ledger,
      notify: needs.messages.notify,
      emailsByUserId: (userIds: number[]) => needs.auth.auth.emailsByUserId(userIds),
    };
    return { service: createTwapService(dependencies), sliceJob: createSliceJob(dependencies) };
  },
  userRoutes: (web, { service }) => registerTwapRoutes(web, service),
  operatorRoutes: (operatorApi, { service }) => registerTwapOperatorRoutes(operatorApi, service),
  jobs: ({ sliceJob }) => [sliceJob],
});
