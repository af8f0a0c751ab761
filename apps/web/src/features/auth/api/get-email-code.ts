import type { EmailCodePurpose } from '@bolsa/contracts';
import { accountRoutes } from '@bolsa/contracts/routes';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

export type EmailCodeInput = { email: string; type: EmailCodePurpose };
export type EmailCodeResult = { resendAfterSeconds: number };

/** POST /web/getEmailCode: mails a six-digit code for registering or resetting the password. */
export function getEmailCode(input: EmailCodeInput): Promise<EmailCodeResult> {
  return callApi(accountRoutes.getEmailCode, { body: input, requestId: `email-code-${input.type}` });
}

export function useGetEmailCode() {
  return useMutation({ mutationFn: getEmailCode });
}
