import { operatorFollowApi } from '@bolsa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../../lib/api-client.ts';

export type OperatorInstitution = z.infer<typeof operatorFollowApi.institutions.data>[number];
export type InstitutionSettings = z.input<typeof operatorFollowApi.update.body>;
export type Weights = z.input<typeof operatorFollowApi.rebalance.body>['weights'];

const scope = ['follow'] as const;

export function useInstitutions() {
  return useQuery({ queryKey: [...scope, 'institutions'], queryFn: ({ signal }) => callApi(operatorFollowApi.institutions, { signal }) });
}

export function useFollowers(id: string | undefined) {
  return useQuery({
    queryKey: [...scope, 'followers', id],
    queryFn: ({ signal }) => callApi(operatorFollowApi.followers, { params: { id: id ?? '0' }, signal }),
    enabled: id !== undefined,
  });
}

function useInvalidating<Input, Answer>(call: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: scope }) });
}

/** Creates an institution at NAV 1 with its first weights (audited). */
export const useCreateInstitution = () =>
  useInvalidating((body: InstitutionSettings & { weights: Weights; note: string }) => callApi(operatorFollowApi.create, { body }));

/** Changes name, description, fees and periods (audited); follows already made keep their period. */
export const useUpdateInstitution = () =>
  useInvalidating(({ id, body }: { id: string; body: InstitutionSettings }) => callApi(operatorFollowApi.update, { params: { id }, body }));

/** New weights at today's NAV (audited and shown to followers with its time). */
export const useRebalance = () =>
  useInvalidating(({ id, weights, note }: { id: string; weights: Weights; note: string }) =>
    callApi(operatorFollowApi.rebalance, { params: { id }, body: { weights, note } }),
  );

/** "AAPL 0.3" per line (or comma-separated) into weights; answers null for a line it cannot read. */
export function parseWeights(text: string): Weights | null {
  const entries = text
    .split(/[\n,]+/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const weights = entries.map((line) => /^([A-Za-z0-9.]{1,20})\s*[=: ]\s*(\d(\.\d{1,4})?)$/.exec(line));
  if (weights.length === 0 || weights.some((match) => match === null)) return null;
  return weights.map((match) => ({ code: (match?.[1] ?? '').toUpperCase(), weight: match?.[2] ?? '' }));
}

export const weightsText = (weights: ReadonlyArray<{ code: string; weight: string }>) =>
  weights.map((entry) => `${entry.code} ${entry.weight}`).join('\n');
