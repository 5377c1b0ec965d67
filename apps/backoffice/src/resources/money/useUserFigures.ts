// react-admin's own query library, as in useDashboardStats: its cache is the one the app bar's refresh invalidates.
import { useQuery } from '@tanstack/react-query';
import { useAdminApi } from '../../common/useAdminApi';

/**
 * GET /api/admin/users/{id}/{what} (outside the simple-rest surface): a set of money figures on the user page, e.g. the
 * wallet. Not retried: a failure shows at once instead of after a few silent tries.
 */
export function useUserFigures<Response extends { data: unknown }>(what: string, userId: number) {
  const api = useAdminApi();
  return useQuery({
    queryKey: [`admin/users/${what}`, userId],
    queryFn: () => api<Response>('GET', `/admin/users/${userId}/${what}`).then((r) => r.data as Response['data']),
    retry: false,
  });
}
