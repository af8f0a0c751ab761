import type { operatorInstrumentsApi } from '@bolsa/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { showSuccess } from '../../../lib/feedback.ts';
import { translate } from '../../../lib/i18n.ts';

export type SettingsEdit = z.input<typeof operatorInstrumentsApi.editInstrument.body>;
export type SettingsTarget = { scope: 'instrument'; code: string } | { scope: 'market'; source: string };

export function editSettings(input: { target: SettingsTarget; edit: SettingsEdit }) {
  const path =
    input.target.scope === 'instrument'
      ? `/instruments/${encodeURIComponent(input.target.code)}/settings`
      : `/markets/${encodeURIComponent(input.target.source)}/settings`;
  return apiRequest(path, { body: input.edit });
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
