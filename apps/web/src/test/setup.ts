import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library only cleans up by itself when test globals are on; this project keeps them off.
afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

// jsdom does not lay out, so it has no scrollIntoView; antd-mobile's passcode input calls it on focus.
if (typeof Element.prototype.scrollIntoView !== 'function') {
  Element.prototype.scrollIntoView = () => undefined;
}
