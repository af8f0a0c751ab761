import { defineModule, type ModuleContext } from '../../platform/module.ts';
import { market } from '../market/index.ts';
import { messages } from '../messages/index.ts';
import { type AlertQuoteSource, createAlertEngine } from './alerts.engine.ts';
import { registerAlertsRoutes } from './alerts.routes.ts';
import { createAlertsService } from './alerts.service.ts';

export { type AlertEngine, createAlertEngine, isFresh, STALE_QUOTE_MS } from './alerts.engine.ts';
export { type ArmedAlert, createAlertIndex } from './alerts.index.ts';
export type { AlertsService } from './alerts.service.ts';

type AlertsOptions = {
  /** Where alerts read quotes instead of the market feed (tests script exact prices); trading's option too. */
  quoteSource?: AlertQuoteSource;
  /** The market's clock (a quote's age is measured on it); the market module's option too. */
  marketNow?: () => number;
  /** Start the alert engine (on by default). */
  shouldStartAlertEngine?: boolean;
};
const needed = [market, messages] as const;

/** Price alerts (issue 17 §4): the user's alerts, and the engine that fires each once on the quote that meets it. */
export const alerts = defineModule({
  name: 'alerts',
  needs: needed,
  create({ platform: { database, bus, logger }, needs, options }: ModuleContext<typeof needed, AlertsOptions>) {
    const quotes = options.quoteSource ?? needs.market.feed;
    const service = createAlertsService({
      db: database.db,
      instrumentOf: (code) => needs.market.catalog.byCode.get(code),
      quotes,
      notifyMany: needs.messages.notifyMany,
      onArmed: (alert) => engine.armed(alert),
      onRemoved: (alert) => engine.removed(alert),
    });
    const engine = createAlertEngine({ firing: service, quotes, bus, logger, now: options.marketNow ?? Date.now });
    return { service, engine };
  },
  userRoutes: (web, { service }) => registerAlertsRoutes(web, service),
  async start({ engine }, { options }) {
    if (options.shouldStartAlertEngine ?? true) await engine.start();
  },
  async stop({ engine }) {
    await engine.stop();
  },
});
