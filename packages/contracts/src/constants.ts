/** Business constants and limits of the product spec (§9), in one place for the app and the server. */
export const APP_VERSION = '1.0.0';
export const API_BASE_PATH = '/web';
export const REQUEST_TIMEOUT_MS = 120_000;
export const TOAST_DURATION_MS = 2_000;
export const AMOUNT_DECIMALS_MAX = 2;
export const NUMBER_DECIMALS_DEFAULT = 4;
export const UPLOAD_SIZE_MAX_MB_DEFAULT = 5;
export const INPUT_LENGTH_MAX_DEFAULT = 140;
export const NAME_LENGTH_MAX = 50;
export const PASSWORD_LENGTH_MIN = 6;
export const PASSWORD_LENGTH_MAX = 20;
export const PAY_PASSWORD_LENGTH = 6;
export const EMAIL_LENGTH_MAX = 254;
export const EMAIL_CODE_LENGTH = 6;
export const EMAIL_CODE_VALIDITY_MS = 10 * 60 * 1000;
export const EMAIL_CODE_RESEND_INTERVAL_MS = 60 * 1000;
export const EMAIL_CODE_ATTEMPTS_MAX = 5;
export const LONG_PRESS_MS = 350;
export const REACH_BOTTOM_THROTTLE_MS = 350;
export const DESIGN_WIDTH_PX = 375;
export const DEVICE_WIDTH_MAX_PX = 960;
export const TAB_BAR_HEIGHT_PX = 50;
/** A crypto deposit is credited after this many network confirmations (spec §9). */
export const DEPOSIT_CONFIRMATIONS_REQUIRED = 3;
/** The smallest deposit that is credited; smaller ones are recorded and not refunded (spec §5). */
export const DEPOSIT_MINIMUM = '1';
/** How long a cross-currency transfer quote is honoured. */
export const FX_QUOTE_VALIDITY_MS = 30_000;

/** Keys under which the app keeps its state in local storage (spec §3). */
export const storageKeys = {
  token: 'usa12_token',
  user: 'usa12_user',
  searchHistory: 'usa12_shistory',
  locale: 'usa12_locale',
  /** The quote chart's indicators and their periods, per user id ("guest" before signing in). */
  chartIndicators: 'usa12_indicators',
} as const;

/** Date formats of the spec (§9), in dayjs/moment notation. */
export const dateFormats = {
  dateTime: 'DD-MM-YYYY HH:mm:ss',
  date: 'DD/MM/YYYY',
  hourMinute: 'HH:mm',
  time12: 'hh:mm:ss A',
  time: 'HH:mm:ss',
} as const;

/**
 * The push socket's path and heartbeat. Here, not with the push schemas in market.ts, so the app shell
 * that keeps the socket open does not carry the schemas (and zod) into its first bundle.
 */
export const PUSH_PATH = '/web/push';
export const PUSH_HEARTBEAT_MS = 15_000;
