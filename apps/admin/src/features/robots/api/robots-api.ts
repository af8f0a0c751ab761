import { operatorRobotApi, type RobotRunStatus } from '@bolsa/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../../lib/api-client.ts';

export type OperatorRobotTemplate = z.infer<typeof operatorRobotApi.templates.data>[number];
export type OperatorRobotPrice = OperatorRobotTemplate['prices'][number];
export type OperatorEnergyPack = z.infer<typeof operatorRobotApi.packs.data>[number];
export type OperatorRobotRun = z.infer<typeof operatorRobotApi.runs.data>['list'][number];
export type RobotTemplateEdit = z.input<typeof operatorRobotApi.createTemplate.body>;
export type RobotPriceEdit = z.input<typeof operatorRobotApi.createPrice.body>;
export type EnergyPackEdit = z.input<typeof operatorRobotApi.createPack.body>;

const scope = ['robots'] as const;

export function useRobotTemplates() {
  return useQuery({ queryKey: [...scope, 'templates'], queryFn: ({ signal }) => callApi(operatorRobotApi.templates, { signal }) });
}

export function useEnergyPacks() {
  return useQuery({ queryKey: [...scope, 'packs'], queryFn: ({ signal }) => callApi(operatorRobotApi.packs, { signal }) });
}

/** Every user's runs, newest first; in-progress ones are read again every 10 seconds. */
export function useRobotRuns(pageNum: number, status: RobotRunStatus | undefined) {
  return useQuery({
    queryKey: [...scope, 'runs', pageNum, status],
    queryFn: ({ signal }) => callApi(operatorRobotApi.runs, { query: { pageNum, pageSize: 20, status }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: status === 'in_progress' ? 10_000 : false,
  });
}

/** One run with its orders and days. */
export function useRobotRun(id: string | undefined) {
  return useQuery({
    queryKey: [...scope, 'run', id],
    queryFn: ({ signal }) => callApi(operatorRobotApi.run, { params: { id: id ?? '0' }, signal }),
    enabled: id !== undefined,
  });
}

function useInvalidating<Input, Answer>(call: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: scope }) });
}

/** Creates (no id) or changes a template (audited). */
export const useSaveTemplate = () =>
  useInvalidating(({ id, body }: { id: string | null; body: RobotTemplateEdit }) =>
    id === null ? callApi(operatorRobotApi.createTemplate, { body }) : callApi(operatorRobotApi.updateTemplate, { params: { id }, body }),
  );

/** Creates or changes an offer (audited); a new price applies to later purchases only. */
export const useSavePrice = () =>
  useInvalidating(({ id, body }: { id: string | null; body: RobotPriceEdit }) =>
    id === null ? callApi(operatorRobotApi.createPrice, { body }) : callApi(operatorRobotApi.updatePrice, { params: { id }, body }),
  );

export const useSavePack = () =>
  useInvalidating(({ id, body }: { id: string | null; body: EnergyPackEdit }) =>
    id === null ? callApi(operatorRobotApi.createPack, { body }) : callApi(operatorRobotApi.updatePack, { params: { id }, body }),
  );

/** Kill switch of one run (audited with the note): it ends failed, reason `killed`. */
export const useKillRun = () =>
  useInvalidating(({ id, note }: { id: string; note: string }) => callApi(operatorRobotApi.kill, { params: { id }, body: { note } }));

/** Kill switch of every run in progress (audited with the note). */
export const useKillAll = () => useInvalidating((note: string) => callApi(operatorRobotApi.killAll, { body: { note } }));
