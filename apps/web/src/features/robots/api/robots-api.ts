import type { RobotBacktestBody, RobotStartBody, WalletType } from '@bolsa/contracts';
import { robotRoutes, walletRoutes } from '@bolsa/contracts/routes';
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { robotsQueryScope, walletQueryScope } from '../../../lib/query-scopes.ts';

const scope = robotsQueryScope;
/** A run in progress is read again this often: the server pushes no robot events, so its page polls. */
export const RUN_REFRESH_MS = 5_000;

/** POST /robot/templates: the templates on offer with their enabled offers and the caller's valid licence. */
export function useRobotTemplates() {
  return useQuery({ queryKey: [...scope, 'templates'], queryFn: ({ signal }) => callApi(robotRoutes.templates, { body: {}, signal }) });
}

/** POST /robot/template: one template. */
export function useRobotTemplate(id: string | null) {
  return useQuery({
    queryKey: [...scope, 'template', id],
    queryFn: id === null ? skipToken : ({ signal }) => callApi(robotRoutes.template, { body: { id }, signal }),
  });
}

export function useEnergyPacks() {
  return useQuery({ queryKey: [...scope, 'packs'], queryFn: ({ signal }) => callApi(robotRoutes.energyPacks, { body: {}, signal }) });
}

/** POST /robot/energy: units left, runs using them, when they end at this use. */
export function useEnergy() {
  return useQuery({
    queryKey: [...scope, 'energy'],
    queryFn: ({ signal }) => callApi(robotRoutes.energy, { body: {}, signal }),
    refetchOnWindowFocus: 'always',
  });
}

export function useLicences() {
  return useQuery({ queryKey: [...scope, 'licences'], queryFn: ({ signal }) => callApi(robotRoutes.licences, { body: {}, signal }) });
}

/** The latest 50 purchases, rentals and energy packs, newest first. */
export function usePurchases() {
  return useQuery({
    queryKey: [...scope, 'purchases'],
    queryFn: ({ signal }) => callApi(robotRoutes.purchases, { body: { pageNum: 1, pageSize: 50 }, signal }),
  });
}

/** The latest 50 runs, newest first. */
export function useRuns() {
  return useQuery({
    queryKey: [...scope, 'runs'],
    queryFn: ({ signal }) => callApi(robotRoutes.runs, { body: { pageNum: 1, pageSize: 50 }, signal }),
    refetchOnWindowFocus: 'always',
  });
}

/** One run with its orders and days; read again every few seconds while it is in progress. */
export function useRun(id: string | null) {
  return useQuery({
    queryKey: [...scope, 'run', id],
    queryFn: id === null ? skipToken : ({ signal }) => callApi(robotRoutes.run, { body: { id }, signal }),
    refetchInterval: (query) => (query.state.data?.status === 'in_progress' ? RUN_REFRESH_MS : false),
    refetchOnWindowFocus: 'always',
  });
}

/** A wallet's balance: BALANCE pays licences and packs; a run's amount comes from its instrument's wallet. */
export function useWalletBalance(walletType: WalletType) {
  return useQuery({
    queryKey: [...walletQueryScope, 'one', walletType],
    queryFn: ({ signal }) => callApi(walletRoutes.walletBalance, { body: { walletType }, signal }),
  });
}

function useRobotMutation<Body, Answer>(call: (body: Body) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: scope });
      await queryClient.invalidateQueries({ queryKey: walletQueryScope });
    },
  });
}

/** Buys a licence or rents (the offer decides); refused purchases are kept in the history with their reason. */
export function useBuyRobot() {
  return useRobotMutation((body: { priceId: string; idempotencyKey: string }) => callApi(robotRoutes.buy, { body }));
}

export function useBuyEnergy() {
  return useRobotMutation((body: { packId: string; idempotencyKey: string }) => callApi(robotRoutes.buyEnergy, { body }));
}

/** Hypothetical: writes nothing, so nothing is refreshed. */
export function useBacktest() {
  return useMutation({ mutationFn: (body: RobotBacktestBody) => callApi(robotRoutes.backtest, { body }) });
}

export function useStartRun() {
  return useRobotMutation((body: RobotStartBody) => callApi(robotRoutes.start, { body }));
}

export function useStopRun() {
  return useRobotMutation((id: string) => callApi(robotRoutes.stop, { body: { id } }));
}
