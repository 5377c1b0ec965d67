import { useState } from 'react';
import { useListContext, useLogoutIfAccessDenied, useNotify } from 'react-admin';
import { Button } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import type { AdminTransaction } from '@kasuwa/contracts';
import { ApiError, errorText, tokenStore } from '../../providers/http';

const FAILED = 'Failed to export transactions';

/** The file name the server proposes (Content-Disposition), else a dated default. */
function fileName(disposition: string | null): string {
  const match = disposition ? /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition) : null;
  return match?.[1] ? decodeURIComponent(match[1]) : `transactions-${new Date().toISOString().slice(0, 10)}.csv`;
}

/**
 * The list's filters in the export call's terms: search, status, type (payment, refund, payout, or a payment method),
 * the date range (period, from, to: Lagos days) and whether failed and abandoned payments are left out.
 */
export function exportQuery(filter: Record<string, unknown>): string {
  const params = new URLSearchParams();
  const put = (name: string, value: unknown) => {
    if (typeof value === 'string' && value.trim()) params.set(name, value.trim());
  };
  put('search', filter.q);
  put('status', filter.status);
  put('type', filter.type);
  put('period', filter.period);
  if (filter.period === 'custom') {
    put('from', filter.from);
    put('to', filter.to);
  }
  if (filter.hideFailed === true) params.set('hideFailed', 'true');
  const query = params.toString();
  return query ? `?${query}` : '';
}

/**
 * Export to CSV: every row of the current filters (not only the page shown), written by the server
 * (GET /api/inner/admin/transactions/export.csv with the admin bearer) and saved as a file.
 */
export function ExportButton() {
  // react-admin types the filter values as `any`: they are the address's filter object.
  const filterValues = useListContext<AdminTransaction>().filterValues as Record<string, unknown>;
  const notify = useNotify();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [busy, setBusy] = useState(false);

  const exportCsv = async () => {
    setBusy(true);
    try {
      const token = tokenStore.get();
      const res = await fetch(`/api/inner/admin/transactions/export.csv${exportQuery(filterValues)}`, {
        headers: { Accept: 'text/csv', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        credentials: 'same-origin',
      });
      if (!res.ok) {
        let body: unknown;
        try {
          body = await res.json();
        } catch {
          body = undefined;
        }
        throw new ApiError(errorText(body, FAILED), res.status, body);
      }
      const blob = await res.blob();
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName(res.headers.get('Content-Disposition'));
      document.body.appendChild(link);
      link.click();
      link.remove();
      // Give the browser a moment to start the download before the address goes away.
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (error) {
      const loggedOut = await logoutIfAccessDenied(error);
      if (!loggedOut) {
        notify(error instanceof ApiError && error.message ? error.message : FAILED, { type: 'error', multiLine: true });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button variant="contained" startIcon={<DownloadIcon />} onClick={() => void exportCsv()} disabled={busy} sx={{ whiteSpace: 'nowrap' }}>
      {busy ? 'Exporting...' : 'Export to CSV'}
    </Button>
  );
}
