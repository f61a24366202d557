import type { QueryParams } from '~/client/api';
import { HiddenBadge, PagedTable } from '../shell/AdminListParts';
import { useAdmin } from '../shell/AdminShell';
import { Badge, Cell } from '../shell/AdminUi';
import { type ChainChoice, chainLabel } from '../shell/adminFormat';
import { useAdminAction, useAdminData } from '../shell/adminHooks';
import type { AdminMessageKey } from '../shell/adminText';
import type { AdminCardRow, Page } from '../shell/types';
import { CardStorageCell } from './CardStorageCell';

/** The table's columns. */
const COLUMNS: readonly AdminMessageKey[] = [
  'admin.cards.token',
  'admin.common.chain',
  'admin.cards.project',
  'admin.cards.owner',
  'admin.cards.reports',
  'admin.cards.storage',
  'admin.common.status',
  'admin.common.actions',
];

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
  const { reload, ...list } = useAdminData<Page<AdminCardRow>>('/api/v1/admins/card_serials', query);
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
  const cardRow = (card: AdminCardRow) => (
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
        <HiddenBadge hidden={card.hidden} />
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
  );
  return <PagedTable {...list} onPage={onPage} label={t('admin.cards.tabTokens')} head={COLUMNS} row={cardRow} />;
}
