import { FunctionField, ReferenceField } from 'react-admin';
import type { AdminUserRow } from '@kasuwa/contracts';
import { userPath } from '../resources/users/paths';

/**
 * A user's name linked to their page, where a record holds only their id (a payout's seller, a review's seller): names
 * belong where staff read, not "Seller 7". react-admin batches the page's ids into one users request.
 */
export function UserName({ source }: { source: string }) {
  return (
    <ReferenceField source={source} reference="users" link={(record) => userPath(record.id)} emptyText="—">
      <FunctionField<AdminUserRow> render={(u) => u.fullName || u.email} />
    </ReferenceField>
  );
}
