/**
 * What a visitor who is not signed in sees in place of a trading act: the act ("Buy now", "Make offer") as a
 * link to the connect page, which opens the header's connect modal where scripts run (~/ui/menus/openConnect.ts),
 * and a note saying why. The page renders it on the server, so it is there before any script.
 */
import { TRADE_BUTTON } from './tradeStyles';

/** The act as a link to connecting a wallet, with its note; `data-*` attributes mark the block. */
export function ConnectFirst({
  localePrefix,
  act,
  note,
  ...data
}: {
  /** Locale prefix for links ('' for ja, '/en' for en). */
  localePrefix: string;
  act: string;
  note: string;
} & { [data: `data-${string}`]: boolean | string }) {
  return (
    <div className="flex flex-wrap items-center gap-3" {...data}>
      <a className={`${TRADE_BUTTON} inline-block`} href={`${localePrefix}/connect-wallet`} data-open-connect>
        {act}
      </a>
      <p className="text-sm text-ink-muted">{note}</p>
    </div>
  );
}
