// react-admin's own query library (a dependency of ra-core, one copy in node_modules): its docs use it for
// calls outside the data provider, and its cache is the one react-admin's refresh button invalidates.
import { useQuery } from '@tanstack/react-query';
import type { DashboardStats } from '@kasuwa/contracts';
import { useAdminApi } from '../common/useAdminApi';

/**
 * GET /api/inner/admin/dashboard/stats (outside the simple-rest surface): counts, revenue figures
 * computed from paid orders, and the 5 latest orders. The app bar's refresh reloads it; a 401 signs out.
 */
export function useDashboardStats() {
  const api = useAdminApi();
  return useQuery({
    queryKey: ['inner/admin/dashboard/stats'],
    queryFn: () => api<DashboardStats>('GET', '/inner/admin/dashboard/stats'),
    retry: false,
  });
}
