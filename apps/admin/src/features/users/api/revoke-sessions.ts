import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { showSuccess } from '../../../lib/feedback.ts';
import { translate } from '../../../lib/i18n.ts';

export function revokeSessions(input: { userId: string; reason: string }): Promise<{ revokedCount: number }> {
  return apiRequest(`/users/${encodeURIComponent(input.userId)}/sessions/revoke`, { body: { reason: input.reason } });
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
