import { useCallback } from 'react';
import { useLogoutIfAccessDenied } from 'react-admin';
import { httpClient } from '../providers/dataProvider';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Calls outside the simple-rest conventions (block/unblock, message replies, multipart product
 * forms) through the same httpClient: admin token, the product error texts, and a 401 signs out as
 * it does for dataProvider calls. A FormData body is sent as multipart, anything else as JSON.
 */
export function useAdminApi() {
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  return useCallback(
    async <T>(method: Method, path: string, body?: FormData | object): Promise<T> => {
      try {
        const res = await httpClient(`/api${path}`, {
          method,
          body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
        });
        return res.json as T;
      } catch (error) {
        await logoutIfAccessDenied(error);
        throw error;
      }
    },
    [logoutIfAccessDenied],
  );
}
