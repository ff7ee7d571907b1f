import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { api, useSignOutMutation } from '@academy/shared/api';

/**
 * Signing out from a signed-in page: leave the page first, so a call still running on it (the bell's
 * poll) cannot answer 401 and make the session-end listener open /login without the farewell notice.
 */
export function useExit(): { exit: () => Promise<void>; exiting: boolean } {
  const navigate = useNavigate();
  const dispatch = useDispatch();
  const [signOut, { isLoading }] = useSignOutMutation();
  const exit = async () => {
    await navigate('/login?param=logout', { replace: true });
    await signOut()
      .unwrap()
      .catch(() => undefined);
    dispatch(api.util.resetApiState());
  };
  return { exit, exiting: isLoading };
}
