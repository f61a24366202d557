import { PUBLIC_COMMUNITY_CHAT_URL } from 'astro:env/client';
import connectWords from 'island-messages:connect';
import headerWords from 'island-messages:header/connectWallet,userMenu,closeMenu';
import menuWords from 'island-messages:menu';
import { useStore } from '@nanostores/react';
import { type ReactNode, useEffect, useState } from 'react';
import { localizePath } from '~/features/i18n/locales';
import ConnectModal, { type ConnectChoice, type ConnectModalProps } from '~/features/wallet/ConnectModal';
import type { Eip1193Provider } from '~/features/wallet/eip1193';
import type { SocialLoginConfig } from '~/features/wallet/socialLoginConfig';
import { shortenAddress } from '~/lib/addresses';
import { CLOSE_MENUS_EVENT, OPEN_CONNECT_EVENT } from '~/ui/menus/closeMenus';
import { useHeaderMenu } from '~/ui/menus/useHeaderMenu';
import { showSnackbar } from '~/ui/snackbar/store';
import { logout } from './logout';
import { signInAndReload } from './signInAndReload';
import { $currentUser, $signingIn } from './store';
import { ILLUSTRATOR_ROLE } from './types';
import { useCurrentUser } from './useCurrentUser';

/** The look of one entry of the account menu (a stylesheet class the language menu shares). */
const MENU_ITEM = 'menu-item';

/** One link of the account menu; `external` opens it in a new tab. */
function MenuLink({ href, external = false, children }: { href: string; external?: boolean; children: ReactNode }) {
  return (
    <li>
      <a className={MENU_ITEM} href={href} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
        {children}
      </a>
    </li>
  );
}

export interface AccountMenuProps {
  /** The page's language: the English pages show a user's English name when there is one. */
  locale: 'ja' | 'en';
  /** Web3Auth settings when social login is configured (PUBLIC_WEB3AUTH_CLIENT_ID), else null. */
  socialLogin: SocialLoginConfig | null;
}

/** The area's words (`connect.*`, `menu.*` and three `header.*`), loaded with its code in the page's language. */
type AccountMessages = ConnectModalProps['messages'] & {
  connectWallet: string;
  userMenu: string;
  closeMenu: string;
  myItems: string;
  editProfile: string;
  market: string;
  dashboard: string;
  issueNft: string;
  communityChat: string;
  contact: string;
  logout: string;
  /** Shown when Web3Auth cannot be reached or the person closes its login. */
  socialFailed: string;
  /** Shown while the wallet asks to sign: what the English sign-in message means, in the page's language. */
  signExplained: string;
};

/** Where a signed-in user's avatar is missing. */
const DEFAULT_AVATAR = '/images/default-avatar.svg';

/** The menu's pages in `locale`; `myItems` is the prefix the wallet address follows. */
function menuPaths(locale: AccountMenuProps['locale']) {
  const to = (path: string) => localizePath(path, locale);
  return {
    myItems: to('/user/'),
    editProfile: to('/profiles/edit'),
    market: to('/market'),
    dashboard: to('/dashboard'),
    issueNft: to('/card_issue'),
    contact: to('/contact'),
    home: to('/'),
  };
}

/**
 * The header's account area: "connect wallet" with its modal when logged out; when logged in, the
 * user button (icon or default avatar, name and shortened address) opening the side menu. The page is the
 * same for everyone, so the server renders "connect wallet"; the browser's session start-up fills
 * `$currentUser`, and for a signed-in visitor this island hydrates at once (`client:interaction="signed-in"`)
 * and shows the user button in the same place. Spec §2 (Header), §4 (Connect flow).
 */
export default function AccountMenu({ locale, socialLogin }: AccountMenuProps) {
  const messages = { ...connectWords[locale], ...menuWords[locale], ...headerWords[locale] } as AccountMessages;
  const paths = menuPaths(locale);
  // The first render matches the server's (nobody signed in); the session store takes over once hydrated.
  const user = useCurrentUser();
  const signingIn = useStore($signingIn);
  const { open: menuOpen, setOpen: setMenuOpen, menuId, buttonProps } = useHeaderMenu();
  const [connectOpen, setConnectOpen] = useState(false);
  // The connect dialog is drawn once first opened (it then stays, closed): the shared page carries only the button.
  const [connectDrawn, setConnectDrawn] = useState(false);
  if (connectOpen && !connectDrawn) setConnectDrawn(true);

  useEffect(() => {
    const open = (event: Event) => {
      if ($currentUser.get()) return;
      event.preventDefault();
      setConnectOpen(true);
    };
    document.addEventListener(OPEN_CONNECT_EVENT, open);
    return () => document.removeEventListener(OPEN_CONNECT_EVENT, open);
  }, []);

  async function confirm(choice: ConnectChoice) {
    setConnectOpen(false);
    if (choice.kind !== 'social') return signInAndReload(choice.provider);
    if (!socialLogin || $signingIn.get()) return;
    let provider: Eip1193Provider;
    try {
      // Web3Auth loads only now, when chosen (it is large and reaches its hosts as soon as it loads).
      const { connectSocial } = await import('~/features/wallet/socialLogin');
      provider = await connectSocial(socialLogin);
    } catch (error) {
      console.warn(error);
      showSnackbar(messages.socialFailed, { color: 'alert', timeout: 3000 });
      return;
    }
    await signInAndReload(provider);
  }

  if (!user) {
    return (
      <>
        <button
          type="button"
          className="btn-primary whitespace-nowrap"
          data-connect-button
          onClick={() => setConnectOpen(true)}
        >
          {messages.connectWallet}
        </button>
        {connectDrawn && (
          <ConnectModal
            open={connectOpen}
            socialLoginEnabled={socialLogin !== null}
            messages={messages}
            onConfirm={(choice) => void confirm(choice)}
            onCancel={() => setConnectOpen(false)}
          />
        )}
        {signingIn && (
          <p
            role="status"
            className="fixed top-navbar right-4 z-50 max-w-sm rounded-md border border-surface-border bg-surface-raised p-4 text-sm shadow-2xl"
          >
            {messages.signExplained}
          </p>
        )}
      </>
    );
  }

  const icon = user.userProfile.image.icon ?? DEFAULT_AVATAR;
  const name = (locale === 'en' && user.userProfile.nameEn) || user.userProfile.name;
  const illustrator = user.role === ILLUSTRATOR_ROLE;
  return (
    <div className="relative">
      <button {...buttonProps} className="btn-ghost max-w-64">
        <span className="sr-only">{messages.userMenu}</span>
        <img src={icon} alt="" width="28" height="28" className="h-7 w-7 rounded-full object-cover" />
        <span className="flex flex-col text-left leading-tight">
          {name && <span className="truncate font-semibold">{name}</span>}
          <span className="text-xs text-ink-muted">{shortenAddress(user.walletAddress)}</span>
        </span>
      </button>
      <nav
        id={menuId}
        hidden={!menuOpen}
        aria-label={messages.userMenu}
        className="fixed top-navbar right-0 z-40 h-[calc(100vh-100px)] w-72 overflow-y-auto border-l border-surface-border bg-surface-raised p-3 shadow-2xl"
      >
        <ul className="grid gap-1">
          <MenuLink href={`${paths.myItems}${user.walletAddress}`}>{messages.myItems}</MenuLink>
          {!illustrator && (
            // An illustrator's name and picture are set by the back-office and the dashboard settings.
            <MenuLink href={paths.editProfile}>{messages.editProfile}</MenuLink>
          )}
          <MenuLink href={paths.market}>{messages.market}</MenuLink>
          {illustrator && (
            // The dashboard and issuing are the illustrators' (a wallet user would be turned away).
            <>
              <MenuLink href={paths.dashboard}>{messages.dashboard}</MenuLink>
              <MenuLink href={paths.issueNft}>{messages.issueNft}</MenuLink>
            </>
          )}
          <MenuLink href={PUBLIC_COMMUNITY_CHAT_URL} external>
            {messages.communityChat}
          </MenuLink>
          <MenuLink href={paths.contact}>{messages.contact}</MenuLink>
          <li>
            <button
              type="button"
              className={`${MENU_ITEM} w-full text-left`}
              onClick={() => {
                setMenuOpen(false);
                document.dispatchEvent(new CustomEvent(CLOSE_MENUS_EVENT));
                void logout(paths.home, socialLogin);
              }}
            >
              {messages.logout}
            </button>
          </li>
        </ul>
      </nav>
    </div>
  );
}
