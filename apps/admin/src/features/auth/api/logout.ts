import { operatorAccountApi } from '@bolsa/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { clearOperatorSession } from '../../../lib/session-store.ts';

/** Ends the session on the server (best effort: an expired one is already over) and here. */
export async function logout(): Promise<void> {
  try {
    await callApi(operatorAccountApi.logout, { body: {} });
  } catch {
    // Signing out must work offline or with an expired token too.
  } finally {
    clearOperatorSession();
    window.location.hash = '/login';
  }
}
