// @vitest-environment happy-dom
/**
 * A server-rendered island that hydrates once the session is known renders, on its first pass, what the server
 * rendered (nobody signed in), so React reports no hydration error; then it shows the signed-in user.
 */
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, expect, test, vi } from 'vitest';
import en from '~/features/i18n/en.json';
import SocialToggle from '~/features/social/SocialToggle';
import { $currentUser, type CurrentUser } from './store';

const user: CurrentUser = {
  id: 7,
  walletAddress: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
  role: 'user',
  userProfile: { name: 'Aoi', image: { icon: null, thumb: null } },
};
const props = {
  endpoint: '/api/v1/follows/collections/1',
  kind: 'follow' as const,
  count: 3,
  locale: 'en' as const,
};

afterEach(() => {
  $currentUser.set(null);
  vi.unstubAllGlobals();
});

test('the session known before the island hydrates: no hydration error, then the signed-in controls', async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  const html = renderToString(<SocialToggle {...props} />);
  expect(html).toContain(en['social.signInToFollow']);
  // A signed-out visitor is sent to sign in on the page's language (the island derives where from its locale).
  expect(html).toContain('href="/en/connect-wallet"');
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  // The island asks the user's own state once signed in (the site's API, answered here).
  vi.stubGlobal('fetch', async () => Response.json({ following: false, count: 3 }));
  $currentUser.set(user);
  const errors: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, <SocialToggle {...props} />, {
      onRecoverableError: (error) => errors.push(error),
    });
  });
  expect(errors).toEqual([]);
  expect(container.querySelector('button')?.textContent).toContain(en['social.follow']);
  expect(container.textContent).not.toContain(en['social.signInToFollow']);
});
