import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { $modalOpen, closeModal, openModal } from '~/ui/modal/store';
import { type Eip1193Provider, getInjectedProvider } from './eip1193';
import { type AnnouncedWallet, watchAnnouncedWallets } from './eip6963';

export interface ConnectChoice {
  kind: 'injected' | 'social';
  provider: Eip1193Provider | null;
  name: string;
}

export interface ConnectModalProps {
  open: boolean;
  socialLoginEnabled: boolean;
  messages: {
    title: string;
    lead: string;
    browserWallet: string;
    socialLogin: string;
    noWalletFound: string;
    confirm: string;
    cancel: string;
  };
  onConfirm: (choice: ConnectChoice) => void;
  onCancel: () => void;
}

/**
 * The connect-wallet modal: lists wallets announced through EIP-6963 (and the legacy
 * `window.ethereum`), and social login when Web3Auth is configured. Confirm closes it and starts the
 * wallet login; cancel closes it. While open, page scrolling is off.
 * @see docs/product-spec.md §4 (Connect flow)
 */
export default function ConnectModal({ open, socialLoginEnabled, messages, onConfirm, onCancel }: ConnectModalProps) {
  // Subscribing keeps the store's page-scroll lock active while this modal can open.
  useStore($modalOpen);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [wallets, setWallets] = useState<AnnouncedWallet[]>([]);
  const [legacy, setLegacy] = useState<Eip1193Provider | null>(null);
  const [choice, setChoice] = useState<string>('');

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      openModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
    if (!open) closeModal();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    setLegacy(getInjectedProvider(window as { ethereum?: unknown }));
    return watchAnnouncedWallets(setWallets);
  }, [open]);

  const choices: (ConnectChoice & { id: string; icon?: string })[] = [
    ...wallets.map((w) => ({
      id: w.info.uuid,
      kind: 'injected' as const,
      provider: w.provider,
      name: w.info.name,
      icon: w.info.icon,
    })),
    ...(wallets.length === 0 && legacy
      ? [{ id: 'legacy', kind: 'injected' as const, provider: legacy, name: messages.browserWallet }]
      : []),
    ...(socialLoginEnabled
      ? [{ id: 'social', kind: 'social' as const, provider: null, name: messages.socialLogin }]
      : []),
  ];
  const selected = choices.find((c) => c.id === choice) ?? choices[0];

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby="connect-title"
      className="m-auto w-[min(28rem,92vw)] rounded-2xl border border-surface-border bg-surface-raised p-6 text-ink backdrop:bg-black/70"
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id="connect-title" className="text-xl font-bold">
        {messages.title}
      </h2>
      <p className="mt-2 text-sm text-ink-muted">{messages.lead}</p>
      {choices.length === 0 ? (
        <p className="mt-4 rounded-lg bg-surface p-3 text-sm">{messages.noWalletFound}</p>
      ) : (
        <fieldset className="mt-4 grid gap-2">
          <legend className="sr-only">{messages.title}</legend>
          {choices.map((c) => (
            <label
              key={c.id}
              className="flex cursor-pointer items-center gap-3 rounded-lg border border-surface-border p-3 has-[:checked]:border-primary"
            >
              <input
                type="radio"
                name="wallet"
                value={c.id}
                checked={selected?.id === c.id}
                onChange={() => setChoice(c.id)}
              />
              {c.icon && <img src={c.icon} alt="" width="24" height="24" />}
              <span>{c.name}</span>
            </label>
          ))}
        </fieldset>
      )}
      <div className="mt-6 flex justify-end gap-3">
        <button type="button" className="btn-ghost" onClick={onCancel}>
          {messages.cancel}
        </button>
        <button
          type="button"
          className="btn-primary"
          onClick={() => onConfirm(selected ?? { kind: 'injected', provider: null, name: messages.browserWallet })}
        >
          {messages.confirm}
        </button>
      </div>
    </dialog>
  );
}
