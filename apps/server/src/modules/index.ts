import { admin } from './admin/index.ts';
import { alerts } from './alerts/index.ts';
import { auth } from './auth/index.ts';
import { blocktrade } from './blocktrade/index.ts';
import { content } from './content/index.ts';
import { follow } from './follow/index.ts';
import { funding } from './funding/index.ts';
import { funds } from './funds/index.ts';
import { kyc } from './kyc/index.ts';
import { ledger } from './ledger/index.ts';
import { loans } from './loans/index.ts';
import { market } from './market/index.ts';
import { messages } from './messages/index.ts';
import { products } from './products/index.ts';
import { referral } from './referral/index.ts';
import { robots } from './robots/index.ts';
import { support } from './support/index.ts';
import { trading } from './trading/index.ts';
import { twap } from './twap/index.ts';
import { uploads } from './uploads/index.ts';

/**
 * Every server module, lower first: `buildApp` creates them, registers their routes and jobs and starts
 * them in this order (and stops them in reverse), and a module may need or import only modules listed
 * before it (scripts/check-boundaries.mjs reads this list). Adding a module: its folder, and one line here.
 */
export const modules = [
  auth,
  uploads,
  messages,
  kyc,
  ledger,
  market,
  trading,
  alerts,
  twap,
  robots,
  products,
  funds,
  funding,
  blocktrade,
  loans,
  referral,
  follow,
  content,
  admin,
  support,
] as const;
