import { accountApi, type EmailCodePurpose } from '@bolsa/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export type EmailCodeInput = { email: string; type: EmailCodePurpose };
export type EmailCodeResult = { resendAfterSeconds: number };

/** POST /web/getEmailCode: mails a six-digit code for registering or resetting the password. */
export function getEmailCode(input: EmailCodeInput): Promise<EmailCodeResult> {
  return apiRequest<EmailCodeResult>(accountApi.getEmailCode.path, { method: 'POST', body: input, requestId: `email-code-${input.type}` });
}

export function useGetEmailCode() {
  return useMutation({ mutationFn: getEmailCode });
}
