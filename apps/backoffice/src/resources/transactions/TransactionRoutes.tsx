import { Route } from 'react-router-dom';
import { RedirectWithId } from '../../common/RedirectWithId';
import { transactionPath } from './paths';
import { transactions } from '..';

/** The detail route at the product's URL, as children of the transactions <Resource>; react-admin's `{id}/show` links go there. */
export const transactionRoutes = [
  <Route key="show" path=":id" element={<transactions.show />} />,
  <Route key="alias" path=":id/show" element={<RedirectWithId to={transactionPath} />} />,
];
