import { isReportType } from '~/features/reports/reportTypes';
import { PagedTable } from '../shell/AdminListParts';
import { useAdmin } from '../shell/AdminShell';
import { Badge, Cell } from '../shell/AdminUi';
import { type ChainChoice, chainLabel, formatWhen } from '../shell/adminFormat';
import { useAdminAction, useAdminData } from '../shell/adminHooks';
import type { AdminMessageKey } from '../shell/adminText';
import type { AdminReportRow, Page } from '../shell/types';

/** The label of a report type; a type no longer offered shows as it was stored. */
export function typeLabel(type: string, t: ReturnType<typeof useAdmin>['t']): string {
  return isReportType(type) ? t(`admin.reports.types.${type}`) : type;
}

const STATUS: Readonly<
  Record<AdminReportRow['status'], { label: AdminMessageKey; tone: 'warn' | 'good' | 'neutral' }>
> = {
  open: { label: 'admin.reports.statusOpen', tone: 'warn' },
  resolved: { label: 'admin.reports.statusResolved', tone: 'good' },
  dismissed: { label: 'admin.reports.statusDismissed', tone: 'neutral' },
};

/** The table's columns. */
const COLUMNS: readonly AdminMessageKey[] = [
  'admin.common.createdAt',
  'admin.cards.token',
  'admin.reports.type',
  'admin.reports.details',
  'admin.reports.reporter',
  'admin.common.status',
  'admin.common.actions',
];

/**
 * Illegal-content reports for `status` (all when empty): the reported card links to its page, the type reads
 * as the reporter chose it; resolve, dismiss or reopen each, and hide the reported card (which resolves its
 * open reports).
 */
export function ReportTable({
  status,
  page,
  chains,
  onPage,
}: {
  status: string;
  page: number;
  chains: readonly ChainChoice[];
  onPage: (page: number) => void;
}) {
  const { t, session, to } = useAdmin();
  const { reload, ...list } = useAdminData<Page<AdminReportRow>>('/api/v1/admins/illegal_reports', {
    status: status || null,
    page,
  });
  const { busy, run } = useAdminAction();
  const act = async (change: () => Promise<unknown>, success: string) => {
    if (await run(change, success)) reload();
  };
  const setStatus = (report: AdminReportRow, next: AdminReportRow['status']) =>
    act(
      () => session.client.put(`/api/v1/admins/illegal_reports/${report.id}`, { status: next }),
      t('admin.reports.updated'),
    );
  const hide = (cardId: number, name: string) =>
    act(
      () => session.client.put(`/api/v1/admins/card_serials/${cardId}`, { hidden: true, resolve_reports: true }),
      t('admin.cards.hiddenDone', { name }),
    );
  const reportRow = (report: AdminReportRow) => (
    <tr key={report.id}>
      <Cell>{formatWhen(report.createdAt)}</Cell>
      <Cell>
        {report.chainId !== null && report.contractAddress ? (
          <a
            className="font-semibold underline"
            href={to(`/tokens/${report.chainId}/${report.contractAddress}/${report.tokenId}`)}
          >
            {report.card?.name ?? `#${report.tokenId}`}
          </a>
        ) : (
          <span className="font-semibold">{report.card?.name ?? `#${report.tokenId}`}</span>
        )}
        <span className="block text-xs text-ink-muted">{chainLabel(report.chainId, chains)}</span>
        {report.card?.hidden && <Badge tone="bad">{t('admin.common.hidden')}</Badge>}
      </Cell>
      <Cell>{typeLabel(report.type, t)}</Cell>
      <Cell>
        <span className="whitespace-pre-wrap">{report.details}</span>
      </Cell>
      <Cell mono>{report.reporterWallet ?? '—'}</Cell>
      <Cell>
        <Badge tone={STATUS[report.status].tone}>{t(STATUS[report.status].label)}</Badge>
        {report.resolvedBy && <span className="block text-xs text-ink-muted">{report.resolvedBy}</span>}
      </Cell>
      <Cell>
        <div className="flex flex-wrap gap-2">
          {report.status === 'open' ? (
            <>
              <button
                type="button"
                className="btn-ghost"
                disabled={busy}
                onClick={() => void setStatus(report, 'resolved')}
              >
                {t('admin.reports.resolve')}
              </button>
              <button
                type="button"
                className="btn-ghost"
                disabled={busy}
                onClick={() => void setStatus(report, 'dismissed')}
              >
                {t('admin.reports.dismiss')}
              </button>
            </>
          ) : (
            <button type="button" className="btn-ghost" disabled={busy} onClick={() => void setStatus(report, 'open')}>
              {t('admin.reports.reopen')}
            </button>
          )}
          {report.card && !report.card.hidden && (
            <button
              type="button"
              className="btn-ghost"
              disabled={busy}
              onClick={() => report.card && void hide(report.card.id, report.card.name)}
            >
              {t('admin.cards.hideAndResolve')}
            </button>
          )}
        </div>
      </Cell>
    </tr>
  );
  return <PagedTable {...list} onPage={onPage} label={t('admin.cards.tabReports')} head={COLUMNS} row={reportRow} />;
}
