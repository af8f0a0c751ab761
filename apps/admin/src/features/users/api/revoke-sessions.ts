import { operatorUsersApi } from '@bolsa/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { showSuccess } from '../../../lib/feedback.ts';
import { translate } from '../../../lib/i18n.ts';

export function revokeSessions(input: { userId: string; reason: string }): Promise<{ revokedCount: number }> {
  return callApi(operatorUsersApi.revokeSessions, { params: { id: input.userId }, body: { reason: input.reason } });
}

export function useRevokeSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSessions,
    onSuccess: async (result) => {
      showSuccess(translate('users.sessionsRevoked', { count: result.revokedCount }));
      await queryClient.invalidateQueries({ queryKey: ['users'] });
    },
  });
}
