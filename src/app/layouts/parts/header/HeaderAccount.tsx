/**
 * The header's account island: the account area (connect, or the user button and its menu) and, for a signed-in
 * visitor, the notification bell. Both wait for the same moment (`client:interaction="signed-in"`: at once for a
 * signed-in visitor), so one island carries them: a page pays one island's tag and props for the two. The bell
 * keeps its own place in the header, the empty `[data-bell-slot]` the page puts before the chain selector, and is
 * drawn there once the session says who is looking (nobody is signed in on the shared page, so its HTML has no
 * bell); its code loads only then.
 *
 * @see ~/features/session/AccountMenu.tsx, ~/features/notifications/NotificationBell.tsx
 */
import { lazy, Suspense } from 'react';
import { createPortal } from 'react-dom';
import { localizePath } from '~/features/i18n/locales';
import AccountMenu, { type AccountMenuProps } from '~/features/session/AccountMenu';
import { useCurrentUser } from '~/features/session/useCurrentUser';

const NotificationBell = lazy(() => import('~/features/notifications/NotificationBell'));

/** The island (see the module comment): the account menu's props, the bell's derived from its language. */
export default function HeaderAccount(props: AccountMenuProps) {
  const signedIn = useCurrentUser() !== null;
  const slot = signedIn ? document.querySelector('[data-bell-slot]') : null;
  return (
    <>
      <AccountMenu {...props} />
      {slot &&
        createPortal(
          <Suspense fallback={null}>
            <NotificationBell locale={props.locale} localePrefix={localizePath('/', props.locale).replace(/\/$/, '')} />
          </Suspense>,
          slot,
        )}
    </>
  );
}
