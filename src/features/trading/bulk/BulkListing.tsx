/**
 * "List several" on the wallet's own items page: a button that, when the owner clicks it, loads the form
 * (./BulkListingForm.tsx: choose cards, a price each or one for all, sign once). The page shows it to the
 * signed-in owner only; the form, the cards and the wallet code load on demand.
 *
 * @see ./bulkListingModel.ts, ./bulkListingFlow.ts
 */
import { lazy, Suspense, useRef, useState } from 'react';
import type { BulkListingProps } from './bulkListingModel';

const BulkListingForm = lazy(() => import('./BulkListingForm'));

/** The island. */
export default function BulkListing(props: BulkListingProps) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const m = props.messages.bulk;
  function close() {
    setOpen(false);
    // Back to the button that opened the form, once it shows again.
    setTimeout(() => button.current?.focus(), 0);
  }
  return (
    <div className="grid gap-3" data-busy={open ? 'true' : undefined}>
      <div hidden={open}>
        <button ref={button} type="button" className="btn-ghost" aria-expanded={open} onClick={() => setOpen(true)}>
          {m.open}
        </button>
      </div>
      {open && (
        <Suspense
          fallback={
            <p role="status" className="text-sm">
              {m.loading}
            </p>
          }
        >
          <BulkListingForm {...props} onClose={close} />
        </Suspense>
      )}
    </div>
  );
}
