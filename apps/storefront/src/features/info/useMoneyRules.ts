import { DEFAULT_MONEY_RULES, type MoneyRules } from '@kasuwa/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';
import { useInitialData } from '../../app/initialData';
import { useAppQueryClient } from '../../app/queryClient';

/**
 * The escrow and ship-by rules as the server runs them (RELEASE_AFTER, SHIP_BY): embedded with a server-rendered page,
 * fetched once per visit otherwise. Every page that states a time limit reads them, so no number is typed twice.
 */
export function useMoneyRules(): MoneyRules {
  const embedded = useInitialData().moneyRules;
  const { data } = useQuery(
    {
      queryKey: ['money-rules'],
      queryFn: async () => (await call<{ data: MoneyRules }>({ method: 'GET', url: '/money/rules' }, { silent: true })).data,
      initialData: embedded,
      staleTime: Infinity,
      gcTime: Infinity,
    },
    useAppQueryClient(),
  );
  return data ?? embedded ?? DEFAULT_MONEY_RULES;
}
