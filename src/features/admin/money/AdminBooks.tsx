import { useState } from 'react';
import { priceText } from '~/ui/data/priceText';
import { useAdmin } from '../shell/AdminShell';
import { Badge, Cell, LoadState, Section, Table, TextField } from '../shell/AdminUi';
import { type ChainChoice, chainLabel, formatWhen } from '../shell/adminFormat';
import { useAdminAction, useAdminData } from '../shell/adminHooks';
import type { AdminBooks } from '../shell/types';

type Hold = AdminBooks['holds'][number];

function ResolveHold({ hold, onDone }: { hold: Hold; onDone: (books: AdminBooks) => void }) {
  const { t, session } = useAdmin();
  const [note, setNote] = useState('');
  const { busy, run } = useAdminAction();
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      aria-label={t('admin.books.resolveHold', { id: hold.id })}
      onSubmit={async (event) => {
        event.preventDefault();
        const books = await run(
          () => session.client.post<AdminBooks>(`/api/v1/admins/books/holds/${hold.id}`, { note: note.trim() }),
          t('admin.books.resolved'),
        );
        if (books) onDone(books);
      }}
    >
      <TextField label={t('admin.books.note')} value={note} onChange={setNote} required />
      <button type="submit" className="btn-primary" disabled={busy || note.trim() === ''}>
        {t('admin.books.resolve')}
      </button>
    </form>
  );
}

/**
 * The platform's books: payable booked vs received per chain and currency, a shortfall flagged, and the holds it
 * put on payouts with a form to resolve each. @see ../../ledger/reconciliation.server.ts
 */
export function BooksSection({ chains }: { chains: readonly ChainChoice[] }) {
  const { t } = useAdmin();
  const { data, loading, notFound } = useAdminData<AdminBooks>('/api/v1/admins/books');
  const [updated, setUpdated] = useState<AdminBooks | null>(null);
  const books = updated ?? data;
  return (
    <Section title={t('admin.books.title')}>
      <p className="mb-4 text-sm text-ink-muted">{t('admin.books.lead')}</p>
      {!books ? (
        <LoadState loading={loading} notFound={notFound} />
      ) : (
        <>
          <Table
            label={t('admin.books.title')}
            head={[
              t('admin.common.chain'),
              t('admin.books.booked'),
              t('admin.books.received'),
              t('admin.books.shortfall'),
            ]}
            empty={books.books.length === 0}
          >
            {books.books.map((book) => (
              <tr key={`${book.chainId}:${book.currencyCode}`}>
                <Cell>{book.chainId === null ? t('admin.books.cardPayments') : chainLabel(book.chainId, chains)}</Cell>
                <Cell>{priceText(book.booked, book.currencyCode, 6)}</Cell>
                <Cell>{priceText(book.received, book.currencyCode, 6)}</Cell>
                <Cell>
                  {book.shortfall === '0' ? (
                    <Badge tone="good">{t('admin.books.balanced')}</Badge>
                  ) : (
                    <Badge tone="bad">{priceText(book.shortfall, book.currencyCode, 6)}</Badge>
                  )}{' '}
                  {book.held && <Badge tone="warn">{t('admin.books.held')}</Badge>}
                </Cell>
              </tr>
            ))}
          </Table>
          {books.holds.map((hold) => (
            <div key={hold.id} className="mt-4 grid gap-2 rounded-md border border-alert p-4">
              <p className="text-sm">
                {t('admin.books.holdLead', {
                  chain: hold.chainId === null ? t('admin.books.cardPayments') : chainLabel(hold.chainId, chains),
                  currency: hold.currency,
                  booked: priceText(hold.booked, hold.currencyCode, 6),
                  received: priceText(hold.received, hold.currencyCode, 6),
                  when: formatWhen(hold.detectedAt),
                })}
              </p>
              <ResolveHold hold={hold} onDone={setUpdated} />
            </div>
          ))}
        </>
      )}
    </Section>
  );
}
