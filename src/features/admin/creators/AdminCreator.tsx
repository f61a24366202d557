import { useState } from 'react';
import { CardTable } from '../cards/AdminCardTable';
import { BalanceTable, PayoutTable } from '../money/AdminMoneyTables';
import { AdminTaxProfileSection } from '../money/AdminTaxProfile';
import { adminScreen, useAdmin } from '../shell/AdminShell';
import { BackLink, Badge, Cell, LoadState, Section, SelectField, TableSection } from '../shell/AdminUi';
import type { ChainChoice } from '../shell/adminFormat';
import { chainLabel, formatWhen } from '../shell/adminFormat';
import { useAdminData } from '../shell/adminHooks';
import type { AdminCreatorDetail } from '../shell/types';

interface CreatorProps {
  creatorId: number;
  /** Lower-case contract the URL names, to show only that project's cards. */
  contract: string | null;
  basePath: string;
  chains: readonly ChainChoice[];
}

/**
 * One creator: account, balances, projects, cards (of one contract when the URL names it), recent payouts and
 * their tax profile (correctable, audited). @see docs/product-spec.md §2 (/admins/creators/{id}/{contract?})
 */
function Creator({ creatorId, contract: initialContract, basePath, chains }: CreatorProps) {
  const { t, to } = useAdmin();
  const { data, loading, notFound } = useAdminData<AdminCreatorDetail>(`/api/v1/admins/creators/${creatorId}`);
  const [contract, setContract] = useState(initialContract ?? '');
  const [page, setPage] = useState(1);
  const chooseContract = (value: string) => {
    setContract(value);
    setPage(1);
    window.history.replaceState(null, '', to(`${basePath}/${creatorId}${value ? `/${value}` : ''}`));
  };
  if (!data) return <LoadState loading={loading} notFound={notFound} />;
  return (
    <>
      <BackLink path={basePath} />
      <Section title={data.nameEn ? `${data.name} / ${data.nameEn}` : data.name}>
        <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
          <dt className="text-ink-muted">{t('admin.users.uid')}</dt>
          <dd>{data.uid}</dd>
          <dt className="text-ink-muted">{t('admin.users.wallet')}</dt>
          <dd className="font-mono break-all">
            <a className="underline" href={to(`/admins/users/${data.userId}/edit`)}>
              {data.walletAddress}
            </a>
          </dd>
          <dt className="text-ink-muted">{t('admin.creator.payoutWallet')}</dt>
          <dd className="font-mono break-all">{data.payoutWalletAddress ?? '—'}</dd>
          <dt className="text-ink-muted">{t('admin.users.lastLogin')}</dt>
          <dd>{formatWhen(data.lastLoginAt)}</dd>
          <dt className="text-ink-muted">{t('admin.common.status')}</dt>
          <dd>
            {data.suspended ? (
              <Badge tone="bad">{t('admin.users.suspended')}</Badge>
            ) : (
              <Badge tone="good">{t('admin.users.active')}</Badge>
            )}
          </dd>
        </dl>
      </Section>
      <Section title={t('admin.creator.balances')}>
        <BalanceTable balances={data.balances} chains={chains} />
      </Section>
      <TableSection
        title={t('admin.creators.projects')}
        head={['admin.categories.name', 'admin.common.chain', 'admin.categories.contract', 'admin.creators.cards']}
        rows={data.categories}
        row={(category) => (
          <tr key={category.id}>
            <Cell>
              <a
                className="underline"
                href={to(`/admins/categories/${category.contractAddress}/edit?chain_id=${category.chainId}`)}
              >
                {category.name}
              </a>{' '}
              {category.hidden && <Badge tone="bad">{t('admin.common.hidden')}</Badge>}
            </Cell>
            <Cell>{chainLabel(category.chainId, chains)}</Cell>
            <Cell mono>{category.contractAddress}</Cell>
            <Cell>{category.cardCount}</Cell>
          </tr>
        )}
      />
      <Section title={t('admin.creator.cards')}>
        <div className="mb-4 max-w-md">
          <SelectField
            label={t('admin.categories.contract')}
            value={contract}
            onChange={chooseContract}
            options={[
              ['', t('admin.creator.allContracts')],
              ...data.categories.map((category) => [category.contractAddress, category.name] as const),
            ]}
          />
        </div>
        <CardTable
          query={{ creator_id: creatorId, contract: contract || null, page }}
          chains={chains}
          onPage={setPage}
        />
      </Section>
      <Section title={t('admin.creator.payouts')}>
        <PayoutTable payouts={data.payouts} chains={chains} />
      </Section>
      <AdminTaxProfileSection illustratorId={creatorId} />
    </>
  );
}

export default adminScreen(Creator);
