import { DEFAULT_MONEY_RULES, type MoneyRules } from '@kasuwa/contracts';
import { call } from '../../api/client';
import { useApiQuery } from '../../app/apiQuery';
import { useInitialData } from '../../app/initialData';
import { queryKeys } from '../../app/queryKeys';

/**
 * The escrow and ship-by rules as the server runs them (RELEASE_AFTER, SHIP_BY): embedded with a server-rendered page,
 * fetched once per visit otherwise. Every page that states a time limit reads them, so no number is typed twice.
 */
export function useMoneyRules(): MoneyRules {
  const embedded = useInitialData().moneyRules;
  const { data } = useApiQuery(
    queryKeys.moneyRules(),
    async () => (await call<{ data: MoneyRules }>({ method: 'GET', url: '/money/rules' }, { silent: true })).data,
    { initialData: embedded, staleTime: Infinity, gcTime: Infinity },
  );
  return data ?? embedded ?? DEFAULT_MONEY_RULES;
}
