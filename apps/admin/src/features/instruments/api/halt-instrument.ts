import { operatorInstrumentsApi } from '@bolsa/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { showSuccess } from '../../../lib/feedback.ts';
import { translate } from '../../../lib/i18n.ts';

export type HaltInput = { code: string; isHalting: true; reason: string } | { code: string; isHalting: false };

export function haltInstrument(input: HaltInput) {
  return input.isHalting
    ? callApi(operatorInstrumentsApi.halt, { params: { code: input.code }, body: { reason: input.reason } })
    : callApi(operatorInstrumentsApi.resume, { params: { code: input.code }, body: {} });
}

export function useHaltInstrument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: haltInstrument,
    onSuccess: async (_data, input) => {
      showSuccess(translate(input.isHalting ? 'instruments.halted' : 'instruments.resumed', { code: input.code }));
      await queryClient.invalidateQueries({ queryKey: ['instruments'] });
    },
  });
}
