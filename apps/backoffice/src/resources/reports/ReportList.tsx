import { useState } from 'react';
import { DataTable, SelectInput, TextInput, required } from 'react-admin';
import { Button, Link } from '@mui/material';
import { REPORT_ACTION_LABELS, REPORT_REASON_LABELS, type AdminReport } from '@kasuwa/contracts';
import { FormDialog } from '../../common/FormDialog';
import { useDialogWrite } from '../../common/useDialogWrite';
import { QueueList } from '../../common/BackOfficeList';
import { when } from '../money/money-format';
import { CanWrite } from '../../common/CanWrite';

const Col = DataTable.Col<AdminReport>;

/**
 * Block listing / suspend user / dismiss, with a reason every reporter of the target is told. No action is chosen in
 * advance (like a dispute decision): "Decide" stays disabled until the admin picks one, so an unread click cannot
 * dismiss the reports and put a held listing back on sale.
 */
function DecideDialog({ report, onClose }: { report: AdminReport | null; onClose: () => void }) {
  const write = useDialogWrite();
  const choices = [
    ...(report?.targetType === 'product' ? [{ id: 'block_listing', name: 'Block the listing' }] : []),
    ...(report?.target.userId ? [{ id: 'suspend_user', name: 'Suspend the user' }] : []),
    { id: 'dismiss', name: report?.target.status === 'held' ? 'Dismiss and restore the listing' : 'Dismiss' },
  ];
  const save = async (values: Record<string, unknown>) => {
    await write.update(
      'reports',
      report!,
      { action: values.action, reason: String(values.reason ?? '').trim() },
      'Reports decided; the reporters are told',
      onClose,
    );
  };
  return (
    <FormDialog
      open={report !== null}
      title={`Decide: ${report?.target.title ?? ''}`}
      submitLabel="Decide"
      defaultValues={{ action: '', reason: '' }}
      choose={['action']}
      onSubmit={save}
      onClose={onClose}
      failureText="Failed to decide the report"
    >
      <SelectInput source="action" label="Action" choices={choices} validate={required()} fullWidth />
      <TextInput source="reason" label="Reason (the reporters are told)" validate={required()} multiline minRows={3} fullWidth />
    </FormDialog>
  );
}

/** /app.admin/reports — the moderation queue: what was reported, by whom, why, and how many others reported it. */
export default function ReportList() {
  const [deciding, setDeciding] = useState<AdminReport | null>(null);
  return (
    <>
      <QueueList<AdminReport>
        title="Reports"
        sort={{ field: 'createdAt', order: 'DESC' }}
        filters={[
          <SelectInput
            key="targetType"
            source="targetType"
            label="What"
            choices={[
              { id: 'product', name: 'Listings' },
              { id: 'user', name: 'Users' },
              { id: 'conversation', name: 'Chats' },
            ]}
            alwaysOn
          />,
        ]}
        errorTitle="Failed to fetch reports."
      >
        <DataTable<AdminReport> rowClick="show" bulkActionButtons={false}>
          <Col
            label="Reported"
            render={(r) => (
              <span style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
                {r.target.imageUrl && (
                  <img src={r.target.imageUrl} alt="" width={40} height={40} style={{ objectFit: 'cover', borderRadius: 4 }} />
                )}
                {r.target.link ? (
                  <Link href={r.target.link} target="_blank" rel="noopener" onClick={(e) => e.stopPropagation()}>
                    {r.target.title}
                  </Link>
                ) : (
                  r.target.title
                )}
                {` (${r.target.status})`}
              </span>
            )}
          />
          <Col source="reason" label="Reason" render={(r) => REPORT_REASON_LABELS[r.reason]} />
          <Col source="text" label="Reporter says" cellSx={() => ({ whiteSpace: 'pre-wrap', minWidth: 160 })} />
          <Col label="Reporter" render={(r) => r.reporter.email} />
          <Col source="openReporters" label="Open reports" />
          <Col source="weight" label="Weight toward hold" />
          <Col source="createdAt" label="Reported" render={(r) => when(r.createdAt)} />
          <Col
            label="Decision"
            render={(r) =>
              r.status === 'open' ? (
                <CanWrite resource="reports" fallback="Open">
                  <Button
                    size="small"
                    variant="contained"
                    onClick={(e) => {
                      e.stopPropagation();
                      setDeciding(r);
                    }}
                  >
                    Decide
                  </Button>
                </CanWrite>
              ) : (
                `${r.action ? REPORT_ACTION_LABELS[r.action] : ''}: ${r.decisionReason ?? ''}`
              )
            }
          />
        </DataTable>
      </QueueList>
      <DecideDialog report={deciding} onClose={() => setDeciding(null)} />
    </>
  );
}
