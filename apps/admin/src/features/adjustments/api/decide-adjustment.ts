import { operatorAdjustmentsApi } from '@bolsa/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { showSuccess } from '../../../lib/feedback.ts';
import { translate } from '../../../lib/i18n.ts';

export type AdjustmentDecision = { id: string; decision: 'approve' } | { id: string; decision: 'reject'; reason: string };

export function decideAdjustment(input: AdjustmentDecision) {
  if (input.decision === 'reject')
    return callApi(operatorAdjustmentsApi.reject, { params: { id: input.id }, body: { reason: input.reason } });
  return callApi(operatorAdjustmentsApi.approve, { params: { id: input.id }, body: {} });
}

/** Approving posts the ledger movement; rejecting closes the request. Either way the list refreshes. */
export function useDecideAdjustment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideAdjustment,
    onSuccess: async (_data, input) => {
      showSuccess(translate(input.decision === 'approve' ? 'adjustments.approved' : 'adjustments.rejected'));
      await queryClient.invalidateQueries({ queryKey: ['adjustments'] });
    },
  });
}
