import { operatorAdjustmentsApi } from '@bolsa/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../../lib/api-client.ts';
import { showSuccess } from '../../../lib/feedback.ts';
import { translate } from '../../../lib/i18n.ts';

export type AdjustmentRequestInput = z.input<typeof operatorAdjustmentsApi.request.body>;

export function requestAdjustment(input: AdjustmentRequestInput) {
  return callApi(operatorAdjustmentsApi.request, { body: input });
}

/** A request moves no money: it waits in the list for a second operator. */
export function useRequestAdjustment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestAdjustment,
    onSuccess: async () => {
      showSuccess(translate('adjustments.requested'));
      await queryClient.invalidateQueries({ queryKey: ['adjustments'] });
    },
  });
}
