import { type Offering, operatorOfferingsApi } from '@bolsa/contracts';
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../../lib/api-client.ts';
import { showError, showSuccess } from '../../../lib/feedback.ts';
import { translate } from '../../../lib/i18n.ts';

export type OfferingInput = z.input<typeof operatorOfferingsApi.create.body>;
export type { Offering };

const scope = ['offerings'] as const;

/** GET /admin/api/offerings: every offering, newest first, with who created and published it. */
export function useOfferings() {
  return useQuery({ queryKey: scope, queryFn: ({ signal }) => callApi(operatorOfferingsApi.list, { signal }), refetchInterval: 15_000 });
}

function useOfferingMutation<Input>(run: (input: Input) => Promise<unknown>, doneKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => showSuccess(translate(doneKey)),
    onError: showError,
    onSettled: () => queryClient.invalidateQueries({ queryKey: scope }),
  });
}

/** Creates (no id) or edits a pending offering; whoever saves it last cannot publish it. */
export function useSaveOffering() {
  return useOfferingMutation(
    ({ id, ...body }: OfferingInput & { id?: string }) =>
      id === undefined ? callApi(operatorOfferingsApi.create, { body }) : callApi(operatorOfferingsApi.update, { params: { id }, body }),
    'offerings.saved',
  );
}

/** The second operator's decision: publish (the seed is drawn and its hash committed) or refuse with a reason. */
export function usePublishOffering() {
  return useOfferingMutation((id: string) => callApi(operatorOfferingsApi.publish, { params: { id } }), 'offerings.published');
}

export function useRejectOffering() {
  return useOfferingMutation(
    ({ id, reason }: { id: string; reason: string }) => callApi(operatorOfferingsApi.reject, { params: { id }, body: { reason } }),
    'offerings.rejected',
  );
}

/** Runs the allotment of a closed offering now (otherwise the scheduled job runs it on its date). */
export function useAllotOffering() {
  return useOfferingMutation((id: string) => callApi(operatorOfferingsApi.allot, { params: { id } }), 'offerings.allotted');
}

/** The live subscription book of one offering, refreshed while it is open. */
export function useBook(id: string | null) {
  return useQuery({
    queryKey: [...scope, 'book', id],
    queryFn: id ? ({ signal }) => callApi(operatorOfferingsApi.book, { params: { id }, signal }) : skipToken,
    refetchInterval: 10_000,
  });
}

/** The allotment as it will run, in totals. */
export function usePreview(id: string | null) {
  return useQuery({
    queryKey: [...scope, 'preview', id],
    queryFn: id ? ({ signal }) => callApi(operatorOfferingsApi.preview, { params: { id }, signal }) : skipToken,
  });
}
