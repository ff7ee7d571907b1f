import { useEffect, useState } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { api, useSignOutMutation } from '@academy/shared/api';

/** How long the exit waits for the signed-in page to go before it forgets the API state anyway. */
const PAGE_GONE_TIMEOUT_MS = 3_000;

/**
 * Signing out from a signed-in page: leave the page first, so a call still running on it (the bell's
 * poll) cannot answer 401 and make the session-end listener open /login without the farewell notice.
 * The API state (the profile) is forgotten only once the page that asked to exit has unmounted: the
 * router commits a navigation as a transition, so the signed-in page can still be on screen after
 * `navigate` resolved, and its guard, seeing no profile, would send it to /login without the notice.
 */
export function useExit(): { exit: () => Promise<void>; exiting: boolean } {
  const navigate = useNavigate();
  const dispatch = useDispatch();
  const [signOut, { isLoading }] = useSignOutMutation();
  const [page] = useState(() => {
    let left = () => undefined as void;
    const gone = new Promise<void>((resolve) => {
      left = resolve;
    });
    return { gone, left };
  });
  useEffect(() => page.left, [page]);
  const exit = async () => {
    await navigate('/login?param=logout', { replace: true });
    await signOut()
      .unwrap()
      .catch(() => undefined);
    await Promise.race([page.gone, new Promise((resolve) => setTimeout(resolve, PAGE_GONE_TIMEOUT_MS))]);
    dispatch(api.util.resetApiState());
  };
  return { exit, exiting: isLoading };
}
