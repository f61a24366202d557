import type { QueryParams } from '~/client/api';
import { useAdmin } from '../shell/AdminShell';
import { Badge, Cell, LoadState, Pager, Table } from '../shell/AdminUi';
import { type ChainChoice, chainLabel } from '../shell/adminFormat';
import { useAdminAction, useAdminData } from '../shell/adminHooks';
import type { AdminCardRow, Page } from '../shell/types';
import { CardStorageCell } from './CardStorageCell';

/**
 * The admin token list for `query` (filters of `GET /api/v1/admins/card_serials`), with report counts, where each
 * token lives (pin status per service, frozen or not), a hide / show button per token (hiding also resolves the
 * token's open reports) and a re-pin button for published ones.
 */
export function CardTable({
  query,
  chains,
  onPage,
}: {
  query: QueryParams;
  chains: readonly ChainChoice[];
  onPage: (page: number) => void;
}) {
  const { t, session } = useAdmin();
  const { data, loading, notFound, reload } = useAdminData<Page<AdminCardRow>>('/api/v1/admins/card_serials', query);
  const { busy, run } = useAdminAction();
  const toggle = async (card: AdminCardRow) => {
    const hidden = !card.hidden;
    const done = await run(
      () =>
        session.client.put<AdminCardRow>(`/api/v1/admins/card_serials/${card.id}`, {
          hidden,
          resolve_reports: hidden && card.openReports > 0,
        }),
      t(hidden ? 'admin.cards.hiddenDone' : 'admin.cards.shownDone', { name: card.name }),
    );
    if (done) reload();
  };
  const repin = async (card: AdminCardRow) => {
    const done = await run(
      () => session.client.post<AdminCardRow>(`/api/v1/admins/card_serials/${card.id}/repin`, {}),
      t('admin.cards.repinDone', { name: card.name || card.tokenId }),
    );
    if (done) reload();
  };
  if (!data) return <LoadState loading={loading} notFound={notFound} />;
  return (
    <>
      <Table
        label={t('admin.cards.tabTokens')}
        head={[
          t('admin.cards.token'),
          t('admin.common.chain'),
          t('admin.cards.project'),
          t('admin.cards.owner'),
          t('admin.cards.reports'),
          t('admin.cards.storage'),
          t('admin.common.status'),
          t('admin.common.actions'),
        ]}
        empty={data.items.length === 0}
      >
        {data.items.map((card) => (
          <tr key={card.id}>
            <Cell>
              <span className="font-semibold">{card.name || `#${card.tokenId}`}</span>
              <span className="block font-mono text-xs break-all text-ink-muted">
                {card.contractAddress} #{card.tokenId}
              </span>
            </Cell>
            <Cell>{chainLabel(card.chainId, chains)}</Cell>
            <Cell>{card.category?.name ?? '—'}</Cell>
            <Cell mono>{card.owner}</Cell>
            <Cell>
              {card.openReports > 0 ? (
                <Badge tone="warn">{t('admin.cards.openReports', { count: card.openReports })}</Badge>
              ) : (
                card.reports
              )}
            </Cell>
            <Cell>
              <CardStorageCell storage={card.storage} />
            </Cell>
            <Cell>
              {card.hidden ? (
                <Badge tone="bad">{t('admin.common.hidden')}</Badge>
              ) : (
                <Badge tone="good">{t('admin.common.visible')}</Badge>
              )}
            </Cell>
            <Cell>
              <button
                type="button"
                className="btn-ghost"
                disabled={busy}
                aria-label={t(card.hidden ? 'admin.cards.showToken' : 'admin.cards.hideToken', {
                  name: card.name || card.tokenId,
                })}
                onClick={() => void toggle(card)}
              >
                {t(card.hidden ? 'admin.cards.show' : 'admin.cards.hide')}
              </button>
              {card.storage && (
                <button
                  type="button"
                  className="btn-ghost"
                  disabled={busy}
                  aria-label={t('admin.cards.repinToken', { name: card.name || card.tokenId })}
                  onClick={() => void repin(card)}
                >
                  {t('admin.cards.repin')}
                </button>
              )}
            </Cell>
          </tr>
        ))}
      </Table>
      <Pager page={data.page} totalPages={data.totalPages} total={data.total} onPage={onPage} />
    </>
  );
}
