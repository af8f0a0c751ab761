/**
 * The one closed list of result codes the API answers with, grouped by domain.
 * Every entry says when it happens; its translated message is `errors.<name>` in ./locales.
 * The app treats 401 and 403 as "login expired", so 403 is only for an action the session may never take.
 */
export const resultCodes = {
  SUCCESS: { code: 200, httpStatus: 200, when: 'The call succeeded; data carries the result.' },
  UNAUTHORIZED: { code: 401, httpStatus: 401, when: 'The token is missing, expired or revoked.' },
  FORBIDDEN: { code: 403, httpStatus: 403, when: 'The session may not perform this action at all.' },

  // Common: 1xxx
  VALIDATION_FAILED: { code: 1001, httpStatus: 400, when: 'A field of the request is missing, of the wrong type or breaks a rule.' },
  MALFORMED_REQUEST: { code: 1002, httpStatus: 400, when: 'The body is not valid JSON or not of a supported content type.' },
  NOT_FOUND: { code: 1004, httpStatus: 404, when: 'No such path or resource.' },
  PAYLOAD_TOO_LARGE: { code: 1013, httpStatus: 413, when: 'The request body is larger than the server accepts.' },
  NUMBER_OUT_OF_RANGE: { code: 1015, httpStatus: 400, when: 'A number larger than its database column can hold (SQLSTATE 22003).' },
  PATH_TOO_LONG: { code: 1014, httpStatus: 414, when: 'A path parameter longer than the server accepts (100 characters).' },
  RATE_LIMITED: { code: 1029, httpStatus: 429, when: 'Too many requests from this address in a short time.' },
  INTERNAL_ERROR: { code: 1500, httpStatus: 500, when: 'An unexpected error; it is logged with the request id.' },
  SERVICE_UNAVAILABLE: { code: 1503, httpStatus: 503, when: 'The server is starting or shutting down.' },

  // Accounts: 2xxx
  EMAIL_TAKEN: { code: 2001, httpStatus: 409, when: 'Registering or asking a registration code for an email that already has an account.' },
  EMAIL_CODE_INVALID: { code: 2002, httpStatus: 400, when: 'The email code does not match, or none was sent for this email and purpose.' },
  EMAIL_CODE_EXPIRED: { code: 2003, httpStatus: 400, when: 'The email code is older than its validity.' },
  EMAIL_CODE_LOCKED: { code: 2004, httpStatus: 400, when: 'Too many wrong tries of this email code; a new one is needed.' },
  EMAIL_CODE_TOO_SOON: { code: 2005, httpStatus: 429, when: 'A code was sent to this address less than the resend interval ago.' },
  INVITATION_CODE_UNKNOWN: { code: 2006, httpStatus: 400, when: 'The invitation code belongs to no user.' },
  LOGIN_FAILED: { code: 2007, httpStatus: 400, when: 'Unknown email or wrong password (never says which).' },
  LOGIN_THROTTLED: { code: 2008, httpStatus: 429, when: 'Too many failed logins for this account or address; says when to retry.' },
  PASSWORD_WRONG: { code: 2009, httpStatus: 400, when: 'The current password given to change it is wrong.' },
  PAY_PASSWORD_ALREADY_SET: { code: 2010, httpStatus: 409, when: 'Setting a pay password when one exists; use update instead.' },
  PAY_PASSWORD_NOT_SET: { code: 2011, httpStatus: 400, when: 'Updating or using a pay password before one was set.' },
  PAY_PASSWORD_WRONG: { code: 2012, httpStatus: 400, when: 'The pay password given is wrong.' },
  PAY_PASSWORD_THROTTLED: { code: 2013, httpStatus: 429, when: 'Too many wrong pay passwords; says when to retry.' },
  EMAIL_CODES_THROTTLED: {
    code: 2017,
    httpStatus: 429,
    when: 'Too many code mails asked for this email address or from this client address; says when to retry.',
  },
  ACCOUNT_DISABLED: { code: 2014, httpStatus: 403, when: 'The account is frozen for login by an operator.' },
  KYC_ALREADY_SUBMITTED: { code: 2015, httpStatus: 409, when: 'An identity verification is waiting for review or already passed.' },
  KYC_IMAGE_NOT_FOUND: { code: 2016, httpStatus: 400, when: 'A document image that is not an upload of the caller.' },

  // Market data and watchlist: 3xxx
  INSTRUMENT_UNKNOWN: { code: 3001, httpStatus: 404, when: 'No instrument has this code (in this market, when one is given).' },
  MARKET_UNKNOWN: {
    code: 3002,
    httpStatus: 400,
    when: 'The market named is not one the product lists, or not the market of this instrument.',
  },
  KLINE_TYPE_UNKNOWN: { code: 3003, httpStatus: 400, when: 'The K-line time frame is not one of 1D, 1W, 1M, 3M, 1Y.' },
  LIST_TYPE_UNKNOWN: { code: 3004, httpStatus: 400, when: 'The list type of a stock or futures list is not one the product offers.' },
  WATCHLIST_ITEM_NOT_FOUND: {
    code: 3005,
    httpStatus: 404,
    when: 'The watchlist row does not exist or belongs to another user (never says which).',
  },
  WATCHLIST_FULL: { code: 3006, httpStatus: 409, when: 'The watchlist already holds the maximum number of instruments.' },
  MARKET_DATA_STARTING: { code: 3007, httpStatus: 503, when: 'The market feed has not produced its first quotes yet after a start.' },

  // Ledger and funding: 4xxx
  INSUFFICIENT_FUNDS: { code: 4001, httpStatus: 400, when: 'The available balance (balance minus holds) does not cover the amount.' },
  IDEMPOTENCY_KEY_REUSED: { code: 4002, httpStatus: 409, when: 'An idempotency key already used for a different movement.' },
  FX_QUOTE_INVALID: {
    code: 4003,
    httpStatus: 400,
    when: 'A cross-currency transfer without a live quote: missing, expired (30 s) or for other wallets or amount.',
  },
  TRANSFER_NOT_CANCELLABLE: { code: 4004, httpStatus: 400, when: "Cancelling a transfer that is not pending, or not the caller's." },
  DEPOSIT_NETWORK_UNKNOWN: { code: 4005, httpStatus: 400, when: 'A crypto deposit on a network the platform does not accept.' },
  DEPOSIT_TX_DUPLICATE: { code: 4006, httpStatus: 409, when: 'A transaction hash already submitted for a deposit.' },
  UPLOAD_TOO_LARGE: { code: 4007, httpStatus: 413, when: 'An uploaded file larger than the configured maximum.' },
  UPLOAD_TYPE_REFUSED: { code: 4008, httpStatus: 415, when: 'An uploaded file that is not a PNG, JPEG or WebP image by its bytes.' },
  UPLOAD_MISSING: { code: 4009, httpStatus: 400, when: 'An upload call without a file, or with an empty one.' },
  SCREENSHOT_MISSING: { code: 4010, httpStatus: 400, when: 'A fiat deposit whose transfer screenshot is not an upload of the caller.' },
  CARD_NOT_FOUND: { code: 4011, httpStatus: 404, when: 'A bank card that does not exist or belongs to someone else.' },
  ADDRESS_NOT_FOUND: { code: 4012, httpStatus: 404, when: 'A withdrawal address that does not exist or belongs to someone else.' },
  RECORD_NOT_FOUND: { code: 4013, httpStatus: 404, when: 'A deposit, withdrawal or transfer id that does not exist (for this caller).' },
  REVIEW_NOT_PENDING: { code: 4014, httpStatus: 409, when: 'An operator decision on a deposit or withdrawal already decided.' },
  AMOUNT_TOO_LARGE: { code: 4015, httpStatus: 400, when: 'An amount above the platform maximum for one movement.' },
  KYC_REQUIRED: { code: 4016, httpStatus: 403, when: 'Money leaving the account before the identity is verified.' },
  WITHDRAWAL_LIMIT_EXCEEDED: {
    code: 4017,
    httpStatus: 400,
    when: 'A withdrawal above the daily or monthly limit of the verification level.',
  },
  WITHDRAWALS_FROZEN: { code: 4040, httpStatus: 423, when: 'A withdrawal by a user whose withdrawals an operator has frozen.' },
  UPLOAD_QUOTA_DAILY: { code: 4041, httpStatus: 429, when: "An upload past the user's files or bytes for the UTC day." },
  UPLOAD_QUOTA_TOTAL: { code: 4042, httpStatus: 403, when: "An upload past the user's files or bytes kept in total." },
  DEPOSIT_REFERENCE_INVALID: {
    code: 4060,
    httpStatus: 409,
    when: 'A bank deposit whose reference was not issued to the caller, or was already used by another deposit.',
  },

  // Trading: 5xxx
  INSTRUMENT_NOT_TRADABLE: {
    code: 5001,
    httpStatus: 400,
    when: 'The instrument does not trade (an index) or not through this create call (a future on the stock path).',
  },
  QUANTITY_BELOW_MINIMUM: { code: 5002, httpStatus: 400, when: "The quantity is below the instrument's minimum (spec §5)." },
  QUANTITY_NOT_WHOLE_LOTS: { code: 5003, httpStatus: 400, when: "The quantity is not a whole number of the instrument's lots." },
  LEVERAGE_OUT_OF_RANGE: { code: 5004, httpStatus: 400, when: 'The leverage is outside the limits of the market.' },
  PRICE_NOT_ON_TICK: {
    code: 5005,
    httpStatus: 400,
    when: "A limit, stop, take-profit or stop-loss price that is not a multiple of the instrument's tick.",
  },
  MARKET_CLOSED: {
    code: 5006,
    httpStatus: 400,
    when: 'A block quote or order while the market of its stock is shut (a close while the market is shut waits for the open instead, issue #5).',
  },
  QUOTE_UNAVAILABLE: { code: 5007, httpStatus: 503, when: 'The instrument has no quote yet to price the order.' },
  ORDER_NOT_FOUND: { code: 5008, httpStatus: 404, when: 'The order does not exist or belongs to another user (never says which).' },
  ORDER_NOT_CANCELLABLE: { code: 5009, httpStatus: 409, when: 'Cancelling an order that already filled or was cancelled.' },
  POSITION_NOT_FOUND: { code: 5010, httpStatus: 404, when: 'The position does not exist, is closed, or belongs to another user.' },
  CLOSE_QUANTITY_INVALID: {
    code: 5011,
    httpStatus: 400,
    when: 'Closing more than the position holds, or a part that is not whole lots.',
  },
  TAKE_PROFIT_STOP_LOSS_INVALID: {
    code: 5012,
    httpStatus: 400,
    when: "A take-profit or stop-loss on the wrong side of the position's current price (it would close at once).",
  },
  CONTRACT_EXPIRED: {
    code: 5013,
    httpStatus: 400,
    when: 'An order, or a close, on a futures contract after the close of its last trading day (its positions settle).',
  },
  CLOSE_ALREADY_QUEUED: {
    code: 5014,
    httpStatus: 409,
    when: 'Closing a position whose whole open quantity already has closes waiting for the market to open.',
  },
  SELL_EXCEEDS_HOLDING: {
    code: 5015,
    httpStatus: 400,
    when: 'A stock Sell (closing what is held) of more than the long held in it, or of a stock not held at all.',
  },
  SHORT_NOT_ALLOWED: { code: 5016, httpStatus: 400, when: 'Explicitly opening a short on a stock that is not shortable.' },
  SELL_AT_MARKET_ONLY: {
    code: 5017,
    httpStatus: 400,
    when: 'A stock Sell that closes what is held given a limit or stop price: it closes at the market.',
  },
  TRADING_FROZEN: {
    code: 5040,
    httpStatus: 423,
    when: 'A new order by a user whose trading an operator has frozen (closing positions stays allowed).',
  },
  LEVERAGE_NOT_ACKNOWLEDGED: {
    code: 5018,
    httpStatus: 409,
    when: 'A first order at leverage above 1 from a user who has not yet answered the check and read the risk disclosure (issue 15 §11).',
  },
  LEVERAGE_CHECK_FAILED: {
    code: 5019,
    httpStatus: 400,
    when: 'An answer of the leverage appropriateness check is not the right one; nothing is recorded.',
  },
  BLOCK_NOT_PERMITTED: {
    code: 5050,
    httpStatus: 403,
    when: 'A block quote or order from a user without an active block-trading permission (never applied, under review, refused or suspended).',
  },
  BLOCK_REQUIREMENTS_NOT_MET: {
    code: 5051,
    httpStatus: 400,
    when: 'Applying for block trading without meeting the requirements (verified identity, account value, trading experience).',
  },
  BLOCK_APPLICATION_PENDING: {
    code: 5052,
    httpStatus: 409,
    when: 'Applying for block trading while an application is under review or the permission is active.',
  },
  BLOCK_RETRY_TOO_SOON: { code: 5053, httpStatus: 409, when: 'Applying again before the retry date a refusal set; says the date.' },
  BLOCK_QUESTIONNAIRE_FAILED: {
    code: 5054,
    httpStatus: 400,
    when: 'An answer of the block-trading suitability questionnaire is not the right one; nothing is recorded.',
  },
  BLOCK_NOT_ELIGIBLE: {
    code: 5055,
    httpStatus: 400,
    when: 'A block quote on an instrument that is not on the list of block-eligible instruments.',
  },
  BLOCK_BELOW_MINIMUM: {
    code: 5056,
    httpStatus: 400,
    when: "A block below the instrument's block size (at least 10,000 shares by default); says the size.",
  },
  BLOCK_OUTSIDE_BAND: {
    code: 5057,
    httpStatus: 400,
    when: 'A block price outside the band around the live mid, proposed or at acceptance after the market moved; says the band.',
  },
  BLOCK_QUOTE_EXPIRED: {
    code: 5058,
    httpStatus: 409,
    when: "Accepting a block quote after its hold time, or one that does not exist or is not the caller's.",
  },
  BLOCK_PERMISSION_NOT_FOUND: { code: 6047, httpStatus: 404, when: 'Suspending a block-trading permission the user does not hold.' },
  TWAP_NOT_STOCK: { code: 5070, httpStatus: 400, when: 'A worked (TWAP) order on an instrument that is not a stock.' },
  TWAP_SLICE_TOO_SMALL: {
    code: 5071,
    httpStatus: 400,
    when: 'A worked order whose quantity does not give every slice at least one whole lot; says the lot and the slices.',
  },
  TWAP_INTERVAL_TOO_SHORT: {
    code: 5072,
    httpStatus: 400,
    when: 'A worked order whose slices would be closer together than the shortest interval; says it in seconds.',
  },
  TWAP_BEYOND_MONEY: {
    code: 5073,
    httpStatus: 400,
    when: "A worked Buy whose whole quantity at today's price and fee costs more than the wallet's available cash; says the cost.",
  },
  TWAP_TOO_MANY: {
    code: 5074,
    httpStatus: 409,
    when: 'A new worked order while the user already has the most working at once; says the most.',
  },
  TWAP_NOT_FOUND: { code: 5075, httpStatus: 404, when: "Cancelling a worked order that does not exist or is not the caller's." },
  TWAP_ALREADY_ENDED: {
    code: 5076,
    httpStatus: 409,
    when: 'Cancelling a worked order that has already completed, expired, stopped or been cancelled.',
  },
  INSTRUMENT_HALTED: { code: 5041, httpStatus: 409, when: 'A new order on an instrument an operator has halted.' },

  // Operators: 6xxx
  OPERATOR_LOGIN_FAILED: { code: 6001, httpStatus: 400, when: 'Unknown operator email or wrong password.' },
  OPERATOR_FORBIDDEN: { code: 6002, httpStatus: 403, when: "The operator's role does not grant the permission this action needs." },
  OPERATOR_TOTP_REQUIRED: {
    code: 6010,
    httpStatus: 400,
    when: 'Email and password were right, but the operator has two-factor sign-in and sent no code: ask for it.',
  },
  OPERATOR_TOTP_INVALID: {
    code: 6011,
    httpStatus: 400,
    when: 'The two-factor code is wrong, outside the ±30 s window, or was already used.',
  },
  OPERATOR_TOTP_ALREADY_ENABLED: { code: 6012, httpStatus: 409, when: 'Starting or confirming enrolment when two-factor sign-in is on.' },
  OPERATOR_TOTP_NOT_STARTED: { code: 6013, httpStatus: 409, when: 'Confirming an enrolment that was never started.' },
  OPERATOR_TOTP_NOT_ENABLED: { code: 6014, httpStatus: 409, when: 'Turning off two-factor sign-in that is not on.' },
  OPERATOR_EMAIL_TAKEN: { code: 6015, httpStatus: 409, when: 'Creating an operator with an email another operator has.' },
  USER_NOT_FOUND: { code: 6040, httpStatus: 404, when: 'An operator action on a user id that does not exist.' },
  ADJUSTMENT_NOT_FOUND: { code: 6041, httpStatus: 404, when: 'An adjustment id that does not exist.' },
  ADJUSTMENT_NOT_PENDING: { code: 6042, httpStatus: 409, when: 'Approving or rejecting an adjustment already decided.' },
  ADJUSTMENT_OWN_REQUEST: {
    code: 6043,
    httpStatus: 409,
    when: 'An operator approving or rejecting an adjustment they requested themselves (four eyes).',
  },
  ADJUSTMENT_OVER_LIMIT: {
    code: 6045,
    httpStatus: 400,
    when: "An adjustment larger than the operator's role may request or approve (ADJUSTMENT_MAX_AMOUNT, ADJUSTMENT_ADMIN_MAX_AMOUNT).",
  },
  SETTINGS_INVALID: {
    code: 6044,
    httpStatus: 400,
    when: 'Trading settings that contradict each other (lowest leverage above the highest) or do not apply (a minimum quantity on a market).',
  },

  // Content: 70xx
  ARTICLE_NOT_FOUND: { code: 7001, httpStatus: 404, when: 'No article has this id, or (for the app) it is not published.' },
  ARTICLE_TAG_UNKNOWN: { code: 7002, httpStatus: 400, when: 'A tag code that is not in the article tag dictionary.' },
  ARTICLE_TAG_EXISTS: { code: 7003, httpStatus: 409, when: 'Creating an article tag whose code is already used.' },

  // Loans: 81xx (issue 21)
  LOAN_PRODUCT_NOT_FOUND: { code: 8101, httpStatus: 404, when: 'The loan product does not exist or is not offered now.' },
  LOAN_AMOUNT_OUT_OF_RANGE: {
    code: 8102,
    httpStatus: 400,
    when: "The amount is under the product's minimum or over its maximum; says both.",
  },
  LOAN_OVER_LIMIT: { code: 8103, httpStatus: 400, when: 'The amount is over what the credit score leaves available; says how much is.' },
  LOAN_TERMS_CHANGED: {
    code: 8104,
    httpStatus: 409,
    when: 'The terms the user confirmed differ from the current ones (a rate changed); they are shown again.',
  },
  LOAN_NOT_FOUND: { code: 8105, httpStatus: 404, when: 'No loan with this id belongs to the caller (never says which).' },
  LOAN_NOT_PENDING: { code: 8106, httpStatus: 409, when: 'Approving or rejecting a loan application already decided.' },
  LOAN_NOT_IN_USE: { code: 8107, httpStatus: 409, when: 'Repaying a loan that is not in use (pending, rejected or repaid).' },
  LOAN_REPAY_OVER_DEBT: { code: 8108, httpStatus: 400, when: 'A repayment larger than what the loan still owes; says the debt.' },
  LOAN_SAME_APPROVER: {
    code: 8109,
    httpStatus: 409,
    when: 'The operator who gave the first approval tries to give the second one too (four eyes above the threshold).',
  },
  LOAN_KEY_REUSED: { code: 8110, httpStatus: 409, when: 'An idempotency key already used for a different loan request or repayment.' },
  // New shares (issue 18): 80xx
  OFFERING_NOT_FOUND: { code: 8001, httpStatus: 404, when: 'No published offering has this id (or, for operators, no offering at all).' },
  OFFERING_NOT_OPEN: {
    code: 8002,
    httpStatus: 409,
    when: 'Applying outside the offering window (before it opens or after purchaseEndDate).',
  },
  QUANTITY_ABOVE_MAXIMUM: { code: 8004, httpStatus: 400, when: "Applying for more shares than the offering's maximum per application." },
  SUBSCRIPTION_EXISTS: { code: 8006, httpStatus: 409, when: 'A second application to the same offering by the same verified identity.' },
  IDENTITY_NOT_VERIFIED: { code: 8007, httpStatus: 409, when: 'Applying to an offering before the identity is verified.' },
  OFFERING_INVALID: {
    code: 8008,
    httpStatus: 400,
    when: 'Offering fields that contradict each other (price outside its range, dates out of order, quantities not whole lots).',
  },
  OFFERING_CODE_TAKEN: { code: 8009, httpStatus: 409, when: 'An offering or a listed instrument already uses this code.' },
  OFFERING_NOT_PENDING: {
    code: 8010,
    httpStatus: 409,
    when: 'Editing, publishing or refusing an offering that is no longer waiting for publication.',
  },
  OFFERING_OWN_REQUEST: {
    code: 8011,
    httpStatus: 409,
    when: 'An operator publishing or refusing an offering they created or last edited (four eyes).',
  },
  OFFERING_NOT_ALLOTTABLE: { code: 8012, httpStatus: 409, when: 'Running the allotment before the window has closed, or a second time.' },
  REFERRAL_REWARD_NOT_FOUND: { code: 8500, httpStatus: 404, when: 'No referral reward with this id.' },
  REFERRAL_REWARD_NOT_HELD: { code: 8501, httpStatus: 409, when: 'Approving or refusing a referral reward that is not held for review.' },
  REFERRAL_YEARLY_CAP: {
    code: 8502,
    httpStatus: 409,
    when: "Approving a held referral reward that would take the referrer past this year's cap.",
  },
  REFERRAL_PROGRAMME_INVALID: {
    code: 8503,
    httpStatus: 400,
    when: 'A referral programme whose yearly cap is below one reward.',
  },
  FOLLOW_INSTITUTION_NOT_FOUND: {
    code: 8300,
    httpStatus: 404,
    when: 'No active institution has this id (or, for operators, none at all).',
  },
  FOLLOW_AMOUNT_OUT_OF_RANGE: { code: 8301, httpStatus: 400, when: 'A follow below 100 or above 1,000,000 (spec §5); says the bounds.' },
  FOLLOW_PERIOD_NOT_OFFERED: { code: 8302, httpStatus: 400, when: 'A period the institution does not offer.' },
  FOLLOW_APPROPRIATENESS_REQUIRED: {
    code: 8303,
    httpStatus: 409,
    when: 'A first follow before the appropriateness questions were answered.',
  },
  FOLLOW_APPROPRIATENESS_FAILED: {
    code: 8304,
    httpStatus: 400,
    when: 'An answer to the appropriateness questions shows the risk is not understood; nothing is recorded.',
  },
  FOLLOW_LOCKED: {
    code: 8305,
    httpStatus: 409,
    when: 'Selling a follow before its period ends (spec §5: cannot be sold after ordering); says when it ends.',
  },
  FOLLOW_NOT_FOUND: { code: 8306, httpStatus: 404, when: 'No follow with this id belongs to the caller.' },
  FOLLOW_ALREADY_SETTLED: { code: 8307, httpStatus: 409, when: 'Selling a follow that has already been settled.' },
  FOLLOW_WEIGHTS_INVALID: {
    code: 8308,
    httpStatus: 400,
    when: 'Weights that add up to more than 1, repeat an instrument, or name one that is not a US-dollar stock of the catalog.',
  },
  FOLLOW_QUOTE_UNAVAILABLE: { code: 8309, httpStatus: 409, when: 'A rebalance while an instrument of the portfolio has no live quote.' },
  FOLLOW_NAME_TAKEN: { code: 8311, httpStatus: 409, when: 'Creating an institution with the name of another one.' },
  FOLLOW_KEY_REUSED: { code: 8310, httpStatus: 409, when: 'An idempotency key already used for a different follow.' },
  // Support chat (issue 23 §1): 84xx
  SUPPORT_CONVERSATION_NOT_FOUND: {
    code: 8401,
    httpStatus: 404,
    when: 'No support conversation has this id (operators), or the caller has none to rate.',
  },
  SUPPORT_CALLER_MISSING: {
    code: 8402,
    httpStatus: 400,
    when: 'A support call from someone neither signed in nor naming the device token of a visitor conversation.',
  },
  SUPPORT_MESSAGE_EMPTY: { code: 8403, httpStatus: 400, when: 'A chat message with neither text nor an image.' },
  SUPPORT_IMAGE_NOT_FOUND: {
    code: 8404,
    httpStatus: 400,
    when: "A chat image that is not one of the sender's own uploads (visitors cannot send images).",
  },
  SUPPORT_NOT_RATABLE: { code: 8405, httpStatus: 409, when: 'Rating a conversation that no agent has closed, or rating it twice.' },
  SUPPORT_REPLY_HELD: {
    code: 8410,
    httpStatus: 422,
    when: 'An agent reply naming a bank account, a wallet address or "pay to" wording: held back, never sent (support never asks for money).',
  },
  SUPPORT_CANNED_REPLY_NOT_FOUND: { code: 8411, httpStatus: 404, when: 'Editing a canned reply that does not exist.' },

  // Funds (issue 20): 8200–8249
  FUND_PRODUCT_NOT_FOUND: { code: 8201, httpStatus: 404, when: 'The fund product does not exist or is not offered now.' },
  FUND_AMOUNT_BELOW_MINIMUM: {
    code: 8202,
    httpStatus: 400,
    when: "A purchase or plan amount under the product's minimum; says the minimum.",
  },
  FUND_HOLDING_NOT_FOUND: { code: 8203, httpStatus: 404, when: 'No open holding with this id belongs to the caller.' },
  FUND_REDEEM_OVER_BALANCE: { code: 8204, httpStatus: 400, when: 'Redeeming more than the holding has; says the balance.' },
  FUND_EARLY_REDEMPTION_NOT_ALLOWED: {
    code: 8205,
    httpStatus: 409,
    when: 'Redeeming a period product before maturity when its rules (shown before buying) do not allow it.',
  },
  FUND_TERMS_CHANGED: { code: 8206, httpStatus: 409, when: "The product's rate changed since it was shown; the new one is shown again." },
  FUND_KEY_REUSED: { code: 8207, httpStatus: 409, when: 'An idempotency key already used for a different fund order or plan.' },
  FUND_PLAN_NOT_FOUND: { code: 8208, httpStatus: 404, when: 'No regular investment plan with this id belongs to the caller.' },
  FUND_PLAN_STATE: { code: 8209, httpStatus: 409, when: 'Pausing a plan not active, resuming one not paused, or changing an ended plan.' },
  FUND_PLAN_DAY_INVALID: {
    code: 8210,
    httpStatus: 400,
    when: 'A plan day that does not fit its frequency (weekday 1–7 weekly or every two weeks, 1–28 monthly).',
  },
  FUND_RATE_LOCKED: { code: 8211, httpStatus: 409, when: 'Changing the published rate of a day whose income was already posted.' },
  FUND_RATE_MISSING: { code: 8212, httpStatus: 409, when: 'Posting the income of a day that has no published rate.' },
  FUND_DATE_NOT_STARTED: {
    code: 8213,
    httpStatus: 400,
    when: 'Publishing a rate for a day more than a day ahead, or posting a day that has not begun.',
  },
  FUND_PRODUCT_INVALID: {
    code: 8214,
    httpStatus: 400,
    when: 'Product fields that contradict its kind (a period product without term or rate, a current one without a daily cap).',
  },
  FUND_CODE_TAKEN: { code: 8215, httpStatus: 409, when: 'Another fund product already uses this code.' },
  FUND_NOT_CURRENT: { code: 8216, httpStatus: 400, when: 'A regular plan or a daily rate for a product that is not a current fund.' },
  FUND_RATE_NOT_AHEAD: {
    code: 8217,
    httpStatus: 409,
    when: "Publishing or changing a current fund's rate for today or a past day (UTC): a rate is published before its day starts, never after.",
  },
  // Strategy robots (issue 22): 8600–8619
  ROBOT_TEMPLATE_NOT_FOUND: { code: 8600, httpStatus: 404, when: 'The robot template does not exist or is not offered now.' },
  ROBOT_PRICE_NOT_FOUND: { code: 8601, httpStatus: 404, when: 'The purchase or rental offer does not exist or is not offered now.' },
  ROBOT_PACK_NOT_FOUND: { code: 8602, httpStatus: 404, when: 'The energy pack does not exist or is not offered now.' },
  ROBOT_KEY_REUSED: { code: 8603, httpStatus: 409, when: 'An idempotency key already used for a different robot purchase or run.' },
  ROBOT_NO_LICENCE: {
    code: 8604,
    httpStatus: 409,
    when: 'Starting a run of a template without a valid licence (bought, or rented and not expired). A backtest needs none.',
  },
  ROBOT_ALREADY_LICENSED: { code: 8605, httpStatus: 409, when: 'Buying a licence of a template already bought (it never expires).' },
  ROBOT_NO_ENERGY: { code: 8606, httpStatus: 409, when: 'Starting a run with no energy left; one unit runs a robot for an hour.' },
  ROBOT_KIND_MISMATCH: { code: 8607, httpStatus: 400, when: "Parameters of another kind than the template's." },
  ROBOT_AMOUNT_TOO_SMALL: { code: 8608, httpStatus: 400, when: 'A run amount below the minimum; says the minimum.' },
  ROBOT_TOO_MANY_RUNS: { code: 8609, httpStatus: 409, when: 'Starting a run while the most allowed are in progress; says how many.' },
  ROBOT_NOT_STOCK: { code: 8610, httpStatus: 400, when: 'A run or backtest on an instrument that is not a US-dollar stock.' },
  ROBOT_RUN_NOT_FOUND: { code: 8611, httpStatus: 404, when: 'No run with this id belongs to the caller.' },
  ROBOT_RUN_ENDED: { code: 8612, httpStatus: 409, when: 'Stopping or killing a run that has already ended.' },
  ROBOT_NO_CANDLES: { code: 8613, httpStatus: 409, when: 'A backtest on an instrument with too few stored daily candles.' },
  ROBOT_CODE_TAKEN: { code: 8614, httpStatus: 409, when: 'Another robot template already uses this code.' },
  ROBOT_ENERGY_EXHAUSTED: {
    code: 8615,
    httpStatus: 409,
    when: 'A run ended because its owner ran out of energy (a reason, not an answer).',
  },
  ROBOT_RUN_KILLED: { code: 8616, httpStatus: 409, when: "A run ended by an operator's kill switch (a reason, not an answer)." },
  ROBOT_PARAMETERS_INVALID: {
    code: 8617,
    httpStatus: 400,
    when: 'Parameters that cannot trade on this instrument or amount (a grid slice or a periodic buy below one lot at the current price).',
  },
  PLACED_SHARES_LOCKED: {
    code: 8013,
    httpStatus: 409,
    when: 'Selling placed shares before their market date (the sellable quantity excludes them).',
  },
  PLACING_STOCK_NOT_LISTED: {
    code: 8014,
    httpStatus: 409,
    when: 'A placing of a stock that is not listed (placings sell shares of listed stocks).',
  },
  RIGHTS_NONE: { code: 8015, httpStatus: 409, when: 'Exercising rights in a rights issue without rights (no holding on the record date).' },
  RIGHTS_EXCEEDED: { code: 8016, httpStatus: 409, when: 'Exercising more rights than were credited on the record date.' },
  // Price alerts (issue 17 §4): 87xx
  PRICE_ALERTS_FULL: {
    code: 8701,
    httpStatus: 409,
    when: 'Arming an alert while the user already has the maximum armed; says the maximum.',
  },
  PRICE_ALERT_NOT_FOUND: { code: 8702, httpStatus: 404, when: 'No alert with this id belongs to the caller (never says which).' },
  PRICE_ALERT_ALREADY_MET: {
    code: 8703,
    httpStatus: 409,
    when: 'Arming an alert the latest quote already meets (it would fire at once); says the current price or change.',
  },

  // Two-factor sign-in and sessions of users: 8800-8819 (issue 25 §1)
  SECOND_FACTOR_REQUIRED: {
    code: 8800,
    httpStatus: 400,
    when: 'Two-factor is on and the call (pay-password change, withdrawal account, withdrawal) came without otpCode.',
  },
  SECOND_FACTOR_WRONG: {
    code: 8801,
    httpStatus: 400,
    when: 'The code is not the current one, was already used, or is no unused recovery code.',
  },
  SECOND_FACTOR_THROTTLED: {
    code: 8802,
    httpStatus: 429,
    when: 'Too many wrong second-factor codes for this account; says when to retry.',
  },
  SECOND_FACTOR_ALREADY_ENABLED: { code: 8803, httpStatus: 409, when: 'Starting or confirming two-factor when it is already on.' },
  SECOND_FACTOR_NOT_STARTED: { code: 8804, httpStatus: 409, when: 'Confirming two-factor without a secret started first.' },
  SECOND_FACTOR_NOT_ENABLED: { code: 8805, httpStatus: 409, when: 'Turning off two-factor that is not on.' },
  LOGIN_CHALLENGE_INVALID: {
    code: 8806,
    httpStatus: 400,
    when: 'The second step of a sign-in with an unknown, used or expired challenge (5 minutes): sign in again.',
  },
  SESSION_NOT_FOUND: { code: 8807, httpStatus: 404, when: "Ending a session that is not one of the user's live sessions." },
} as const satisfies Record<string, { code: number; httpStatus: number; when: string }>;

export type ResultName = keyof typeof resultCodes;

export const resultNames = Object.keys(resultCodes) as ResultName[];

export function resultCodeOf(name: ResultName): number {
  return resultCodes[name].code;
}
