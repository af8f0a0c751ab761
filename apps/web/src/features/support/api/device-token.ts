/**
 * A visitor's chat is tied to this device by a random token kept in local storage (issue 23 §1). It is
 * sent with every chat call, signed in or not, so the visitor's conversation joins the user's at sign-in.
 */
const DEVICE_TOKEN_KEY = 'bolsa_support_device';

export function storedDeviceToken(): string | null {
  try {
    return window.localStorage.getItem(DEVICE_TOKEN_KEY);
  } catch {
    return null;
  }
}

/** This device's token, made on first use. */
export function deviceToken(): string {
  const stored = storedDeviceToken();
  if (stored) return stored;
  const created = crypto.randomUUID();
  try {
    window.localStorage.setItem(DEVICE_TOKEN_KEY, created);
  } catch {
    // Private mode without storage: the token lives as long as the page.
  }
  return created;
}
