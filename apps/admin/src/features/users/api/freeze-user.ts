import { operatorUsersApi, type RestrictionKind } from '@bolsa/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { showSuccess } from '../../../lib/feedback.ts';
import { translate } from '../../../lib/i18n.ts';

export type FreezeInput = { userId: string; kind: RestrictionKind; reason: string; isFreezing: boolean };

export function freezeUser(input: FreezeInput): Promise<unknown> {
  return callApi(input.isFreezing ? operatorUsersApi.freeze : operatorUsersApi.unfreeze, {
    params: { id: input.userId },
    body: { kind: input.kind, reason: input.reason },
  });
}

/** Freezes or lifts one kind; the user's detail and the search list show the change. */
export function useFreezeUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: freezeUser,
    onSuccess: async (_data, input) => {
      showSuccess(translate(input.isFreezing ? 'users.frozen' : 'users.unfrozen'));
      await queryClient.invalidateQueries({ queryKey: ['users'] });
    },
  });
}
