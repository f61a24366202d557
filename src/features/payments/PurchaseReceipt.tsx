/**
 * The receipt page's progress (paid -> minting -> in your wallet, or refunded), read from the site every
 * second and a half while the purchase is on its way; a reload shows where it stands.
 */
import { useEffect, useState } from 'react';
import { api } from '~/client/siteApi';
import { CurrencyCode } from '~/features/chains/currencies';
import { useCurrentUser } from '~/features/session/useCurrentUser';
import { priceText } from '~/ui/data/priceText';
import { type ReceiptMessages, type ReceiptPurchase, stillMoving } from './checkoutModel';

/** The island's props. */
export interface PurchaseReceiptProps {
  purchaseId: number;
  /** Token pages under the visitor's locale (`/tokens`). */
  tokenBase: string;
  m: ReceiptMessages;
}

/** The island (see the module comment). */
export default function PurchaseReceipt({ purchaseId, tokenBase, m }: PurchaseReceiptProps) {
  const user = useCurrentUser();
  const [purchase, setPurchase] = useState<ReceiptPurchase | null>(null);
  const signedIn = Boolean(user?.walletAddress);
  useEffect(() => {
    if (!signedIn) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async () => {
      const answer = await api.get<{ purchase: ReceiptPurchase }>(`/api/v1/purchases/${purchaseId}`).catch(() => null);
      if (stopped) return;
      if (answer) setPurchase(answer.purchase);
      if (!answer || stillMoving(answer.purchase.status)) timer = setTimeout(() => void read(), 1_500);
    };
    void read();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [purchaseId, signedIn]);

  if (!signedIn) return <p className="text-sm text-ink-muted">{m.signIn}</p>;
  if (!purchase) return null;
  const href =
    purchase.tokenId === null
      ? null
      : `${tokenBase}/${purchase.chainId}/${purchase.contractAddress}/${purchase.tokenId}`;
  return (
    <div className="grid gap-2" data-purchase-status={purchase.status}>
      <p role="status" aria-live="polite" className="text-lg font-semibold">
        {m[purchase.status]}
      </p>
      <p className="text-sm">
        {m.amount}: {priceText(String(purchase.amountJpy), CurrencyCode.JPY)}
      </p>
      {purchase.status === 'minted' && href && (
        <a className="underline" href={href}>
          {m.viewCard}
        </a>
      )}
    </div>
  );
}
