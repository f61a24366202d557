import { useSyncExternalStore } from 'react';
import { $currentUser, type CurrentUser } from './store';

const subscribe = (onChange: () => void) => $currentUser.listen(onChange);
const read = () => $currentUser.get();
/** What the server rendered: the shared pages are the same for every visitor, so nobody is signed in there. */
const serverUser = () => null;

/**
 * The signed-in user for an island's render. While React hydrates a server-rendered island it renders as the
 * server did (nobody signed in), then again with the user: an island that hydrates once the session is known
 * (`client:interaction="signed-in"`) would otherwise render differently from its HTML on its first pass, a
 * hydration error (React #418) whenever the session arrived before the island's code.
 */
export function useCurrentUser(): CurrentUser | null {
  return useSyncExternalStore(subscribe, read, serverUser);
}
