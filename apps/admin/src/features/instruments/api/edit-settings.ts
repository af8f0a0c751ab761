import { operatorInstrumentsApi, type TradableSource } from '@bolsa/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../../lib/api-client.ts';
import { showSuccess } from '../../../lib/feedback.ts';
import { translate } from '../../../lib/i18n.ts';

export type SettingsEdit = z.input<typeof operatorInstrumentsApi.editInstrument.body>;
export type SettingsTarget = { scope: 'instrument'; code: string } | { scope: 'market'; source: TradableSource };

export function editSettings(input: { target: SettingsTarget; edit: SettingsEdit }): Promise<unknown> {
  const { target, edit } = input;
  if (target.scope === 'instrument') return callApi(operatorInstrumentsApi.editInstrument, { params: { code: target.code }, body: edit });
  return callApi(operatorInstrumentsApi.editMarket, { params: { source: target.source }, body: edit });
}

/** Saves an instrument's or a market's fee, leverage limits or minimum quantity; the next order uses them. */
export function useEditSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editSettings,
    onSuccess: async () => {
      showSuccess(translate('instruments.saved'));
      await queryClient.invalidateQueries({ queryKey: ['instruments'] });
    },
  });
}
