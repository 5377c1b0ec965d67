import type { ReactElement, ReactNode } from 'react';
import { RecordContextProvider, useListContext, type RaRecord } from 'react-admin';
import { Box, Divider } from '@mui/material';

/**
 * Phones: the list's rows as one stacked card each (a table would be wider than the screen), `empty` when there are
 * none, nothing while loading. Each card sits in its record's context, so react-admin fields and buttons work in it.
 */
export function RecordCards<T extends RaRecord>({ empty, children }: { empty: ReactElement; children: (record: T) => ReactNode }) {
  const { data, isPending } = useListContext<T>();
  if (isPending) return null;
  if (!data?.length) return empty;
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {data.map((record, i) => (
        <Box component="li" key={record.id}>
          <RecordContextProvider value={record}>
            {i > 0 && <Divider aria-hidden />}
            {children(record)}
          </RecordContextProvider>
        </Box>
      ))}
    </Box>
  );
}
