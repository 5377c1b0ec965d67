import { useDataProvider, useNotify, useRefresh, type RaRecord } from 'react-admin';

/**
 * What a list's dialog does once its form is valid (add, edit, decide, moderate): write through the data provider,
 * say so in a toast, close the dialog and reload the list. A failed write throws on to the dialog (FormDialog shows
 * the error and stays open), so nothing after it happens.
 */
export function useDialogWrite() {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const done = (success: string, close: () => void) => {
    notify(success, { type: 'success' });
    close();
    refresh();
  };
  return {
    update: async <T extends RaRecord>(resource: string, record: T, data: Record<string, unknown>, success: string, close: () => void) => {
      await dataProvider.update(resource, { id: record.id, data, previousData: record });
      done(success, close);
    },
    create: async (resource: string, data: Record<string, unknown>, success: string, close: () => void) => {
      await dataProvider.create(resource, { data });
      done(success, close);
    },
  };
}
