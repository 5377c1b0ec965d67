import { useRecordContext, type RaRecord } from 'react-admin';

/**
 * A record page's title in react-admin's app bar: what the record is ("Product: Red shoes") once it has loaded, and
 * `fallback` (the kind, "Product") while it loads or when it failed.
 */
export function RecordTitle<T extends RaRecord>({ text, fallback }: { text: (record: T) => string; fallback: string }) {
  const record = useRecordContext<T>();
  return <span>{record ? text(record) : fallback}</span>;
}
