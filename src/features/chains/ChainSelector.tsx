import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import { NO_METAMASK } from '../../lib/errors';
import { closeAllMenus, onCloseMenus } from '../../ui/menus/closeMenus';
import { getInjectedProvider, rpcErrorCode } from '../wallet/eip1193';
import { switchWalletChain } from '../wallet/switchChain';
import type { ChainKey } from './chainKey';
import type { ChainOption } from './chainOption';
import { $currentChain, initCurrentChain, setCurrentChain } from './store';

export interface ChainSelectorProps {
  chains: readonly ChainOption[];
  current: ChainKey;
  labels: Record<ChainKey, string>;
  selectLabel: string;
  /** The home page in the current locale. */
  homePath: string;
  isHome: boolean;
}

/** Wallets answer 4001 when the person declines; that is a choice, not an error to report. */
const USER_REJECTED = 4001;

/**
 * Header chain selector (240 px): sets the current chain and its cookie, closes menus, asks the
 * wallet to switch (adding the chain on 4902), and goes home when elsewhere.
 * @see ../../../../shared/spec/marketplace-spec.md §2 (Chain and account changes)
 */
export default function ChainSelector({ chains, current, labels, selectLabel, homePath, isHome }: ChainSelectorProps) {
  const storedKey = useStore($currentChain);
  const [hydrated, setHydrated] = useState(false);
  // The server renders the chain it chose for this request; the shared store takes over once hydrated.
  const chainKey = hydrated ? storedKey : current;
  const [open, setOpen] = useState(false);
  const listId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    initCurrentChain(current);
    setHydrated(true);
  }, [current]);
  useEffect(() => onCloseMenus(() => setOpen(false)), []);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  const selected = chains.find((chain) => chain.key === chainKey) ?? chains[0];

  async function choose(chain: ChainOption) {
    setCurrentChain(chain.key);
    closeAllMenus();
    setOpen(false);
    const provider = getInjectedProvider(window as { ethereum?: unknown });
    if (!provider) console.log(NO_METAMASK);
    else {
      try {
        await switchWalletChain(provider, chain);
      } catch (error) {
        if (rpcErrorCode(error) !== USER_REJECTED) throw error;
      }
    }
    if (!isHome) window.location.assign(homePath);
  }

  return (
    <div className="relative w-chain-selector">
      <button
        ref={buttonRef}
        type="button"
        className="btn-ghost w-full justify-between"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={`${selectLabel}: ${selected ? labels[selected.key] : ''}`}
        onClick={() => setOpen((value) => !value)}
      >
        {selected && <img src={selected.icon} alt="" width="20" height="20" />}
        <span className="flex-1 text-left">{selected ? labels[selected.key] : selectLabel}</span>
        <span aria-hidden="true">▾</span>
      </button>
      <ul
        id={listId}
        hidden={!open}
        className="absolute right-0 z-40 mt-2 w-chain-selector rounded-lg border border-surface-border bg-surface-raised p-1 shadow-xl"
      >
        {chains.map((chain) => (
          <li key={chain.key}>
            <button
              type="button"
              className="flex w-full items-center gap-2 rounded-md px-3 py-2 text-left hover:bg-surface"
              aria-current={chain.key === chainKey ? 'true' : undefined}
              onClick={() => void choose(chain)}
            >
              <img src={chain.icon} alt="" width="20" height="20" />
              {labels[chain.key]}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
