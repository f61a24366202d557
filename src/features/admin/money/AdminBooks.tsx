import { type ReactNode, useState } from 'react';
import { priceText } from '~/ui/data/priceText';
import { useAdmin } from '../shell/AdminShell';
import { Badge, Cell, LoadState, Section, Table, TextField } from '../shell/AdminUi';
import { type ChainChoice, chainLabel, formatWhen } from '../shell/adminFormat';
import { useAdminAction, useAdminData } from '../shell/adminHooks';
import type { AdminMessageKey } from '../shell/adminText';
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

const chainOf = (chainId: number | null, chains: readonly ChainChoice[], cardPayments: string) =>
  chainId === null ? cardPayments : chainLabel(chainId, chains);

/** A problem the books show, under its title and lead: a table of the rows that have it (never empty). */
function ProblemTable({
  title,
  lead,
  head,
  children,
}: {
  title: string;
  lead: string;
  head: readonly AdminMessageKey[];
  children: ReactNode;
}) {
  return (
    <div className="mt-6">
      <h3 className="text-base font-semibold">{title}</h3>
      <p className="mb-2 text-sm text-ink-muted">{lead}</p>
      <Table label={title} head={head} empty={false}>
        {children}
      </Table>
    </div>
  );
}

/** The illustrators whose balance went below zero: their payouts are held. */
function NegativeBalances({ books, chains }: { books: AdminBooks; chains: readonly ChainChoice[] }) {
  const { t } = useAdmin();
  return (
    <ProblemTable
      title={t('admin.books.negativeTitle')}
      lead={t('admin.books.negativeLead')}
      head={['admin.books.creator', 'admin.common.chain', 'admin.books.balance']}
    >
      {books.negativeBalances.map((balance) => (
        <tr key={`${balance.illustrator.id}:${balance.chainId}:${balance.currencyCode}`}>
          <Cell>
            {balance.illustrator.name} ({balance.illustrator.uid})
          </Cell>
          <Cell>{chainOf(balance.chainId, chains, t('admin.books.cardPayments'))}</Cell>
          <Cell>
            <Badge tone="bad">{priceText(balance.available, balance.currencyCode, 6)}</Badge>
          </Cell>
        </tr>
      ))}
    </ProblemTable>
  );
}

/** The payable entries that do not match the receipt they consumed. */
function Mismatches({ books, chains }: { books: AdminBooks; chains: readonly ChainChoice[] }) {
  const { t } = useAdmin();
  return (
    <ProblemTable
      title={t('admin.books.mismatchTitle')}
      lead={t('admin.books.mismatchLead')}
      head={[
        'admin.books.transaction',
        'admin.common.chain',
        'admin.books.booked',
        'admin.books.received',
        'admin.books.problem',
      ]}
    >
      {books.mismatches.map((entry) => (
        <tr key={entry.revenueId}>
          <Cell>
            <code className="break-all">{entry.txHash}</code>
          </Cell>
          <Cell>{chainOf(entry.chainId, chains, t('admin.books.cardPayments'))}</Cell>
          <Cell>{priceText(entry.booked, entry.currencyCode, 6)}</Cell>
          <Cell>{entry.received === null ? '—' : priceText(entry.received, entry.currencyCode, 6)}</Cell>
          <Cell>{t(`admin.books.reason.${entry.reason}`)}</Cell>
        </tr>
      ))}
    </ProblemTable>
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
            head={['admin.common.chain', 'admin.books.booked', 'admin.books.received', 'admin.books.shortfall']}
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
                  {book.mismatches > 0 && (
                    <Badge tone="bad">{t('admin.books.mismatched', { count: book.mismatches })}</Badge>
                  )}
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
          {books.negativeBalances.length > 0 && <NegativeBalances books={books} chains={chains} />}
          {books.mismatches.length > 0 && <Mismatches books={books} chains={chains} />}
        </>
      )}
    </Section>
  );
}
