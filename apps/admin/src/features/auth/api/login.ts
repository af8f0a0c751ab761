import { operatorAccountApi } from '@bolsa/contracts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../../lib/api-client.ts';

export type LoginInput = z.input<typeof operatorAccountApi.login.body>;
export type LoginResult = z.infer<typeof operatorAccountApi.login.data>;

export function login(input: LoginInput): Promise<LoginResult> {
  return callApi(operatorAccountApi.login, { body: input });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
