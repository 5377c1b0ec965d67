import type { ReactElement, ReactNode } from 'react';
import { Show, useNotify, useRedirect, useResourceContext, type RaRecord } from 'react-admin';
import { errorMessage } from './errors';
import { RecordTitle } from './RecordTitle';

interface Props<T extends RaRecord> {
  /** What the record is, e.g. 'Product': the title is "Product: <name>", or just this while it loads. */
  kind: string;
  name: (record: T) => string;
  /** The product's failure text for this screen, e.g. 'Failed to fetch product details'. */
  errorTitle: string;
  actions: ReactElement;
  children: ReactNode;
}

/**
 * react-admin's <Show> as the back office's record pages use it: titled with the record's kind and name; a record that
 * fails to load is said in a toast (the server's text, else the product's, not react-admin's "item doesn't exist")
 * and the page goes back to its resource's list.
 */
export function RecordShow<T extends RaRecord>({ kind, name, errorTitle, actions, children }: Props<T>) {
  const resource = useResourceContext();
  const notify = useNotify();
  const redirect = useRedirect();
  const onError = (error: unknown) => {
    notify(errorMessage(error, errorTitle), { type: 'error' });
    redirect('list', resource);
  };
  return (
    <Show<T> actions={actions} title={<RecordTitle<T> text={(r) => `${kind}: ${name(r)}`} fallback={kind} />} queryOptions={{ onError }}>
      {children}
    </Show>
  );
}
