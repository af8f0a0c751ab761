import { operatorReferralApi, type ReferralProgramme } from '@bolsa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../../lib/api-client.ts';

export type ProgrammeEdit = z.input<typeof operatorReferralApi.updateProgramme.body>;

/** GET /admin/api/referrals/programme: the terms in force and since when. */
export function useReferralProgramme() {
  return useQuery({
    queryKey: ['referral', 'programme'],
    queryFn: ({ signal }) => callApi(operatorReferralApi.programme, { signal }),
  });
}

/** Changes the programme (audited on the server); rewards already decided keep their amount. */
export function useUpdateReferralProgramme() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProgrammeEdit): Promise<ReferralProgramme> => callApi(operatorReferralApi.updateProgramme, { body }),
    onSuccess: (programme) => queryClient.setQueryData(['referral', 'programme'], programme),
  });
}
