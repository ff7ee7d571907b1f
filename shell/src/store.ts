import { createListenerMiddleware, isRejectedWithValue } from '@reduxjs/toolkit';
import { accountInactive, api, createAcademyStore, notify, sessionApi, sessionEnded, type ApiFailure } from '@academy/shared/api';
import { errorAlertText, isLearner } from '@academy/shared/domain';
import { ALERT_TIMEOUT, toastsSlice } from './features/toasts/toasts-slice';

export interface Navigation {
  navigate(to: string): Promise<void> | void;
  currentPath(): string;
}

const selectProfile = sessionApi.endpoints.getProfile.select();

/** The academy's one store, with the shell's listeners: session end and the global error alert. */
export function createShellStore(navigation: Navigation) {
  const listeners = createListenerMiddleware();

  // Spec 1 §8: 401 and 403 from any call sign the user out and open the sign-in page.
  listeners.startListening({
    actionCreator: sessionEnded,
    effect: async (action, listenerApi) => {
      const state = listenerApi.getState() as Parameters<typeof selectProfile>[0];
      // A visitor who was never signed in has nothing to end (e.g. a 404 page asking who is there).
      if (!selectProfile(state).data) return;
      listenerApi.cancelActiveListeners();
      if (action.payload.status === 403) {
        await listenerApi
          .dispatch(sessionApi.endpoints.signOut.initiate())
          .unwrap()
          .catch(() => undefined);
      }
      if (navigation.currentPath() !== '/login') await navigation.navigate('/login');
      listenerApi.dispatch(api.util.resetApiState());
    },
  });

  // docs/accounts.md, "Inactivation": a reason set while the user was on a page; the refreshed profile sends the
  // guards to the reason's page. Calls failing together ask once.
  listeners.startListening({
    actionCreator: accountInactive,
    effect: async (_action, listenerApi) => {
      listenerApi.cancelActiveListeners();
      await listenerApi.delay(50);
      listenerApi.dispatch(api.util.invalidateTags([{ type: 'Profile', id: 'ME' }]));
    },
  });

  // Spec 1 §8: the global error alert for failed loads of signed-in staff, never for STUDENT or PAY_STUDENT.
  listeners.startListening({
    predicate: (action) => isRejectedWithValue(action),
    effect: (action, listenerApi) => {
      const meta = (action as { meta?: { arg?: { type?: string; endpointName?: string } } }).meta;
      // Mutations show their own errors in their forms; a failed principal load is only logged.
      if (meta?.arg?.type !== 'query' || meta.arg.endpointName === 'getProfile') return;
      const state = listenerApi.getState() as Parameters<typeof selectProfile>[0];
      // Learners never get it; visitors neither: the public pages show their own errors in place.
      const role = selectProfile(state).data?.role.name;
      if (!role || isLearner(role)) return;
      const alert = errorAlertText((action as { payload?: ApiFailure }).payload);
      if (!alert) return;
      listenerApi.dispatch(
        'raw' in alert
          ? notify({ kind: 'danger', message: alert.raw, raw: true, timeout: ALERT_TIMEOUT })
          : notify({ kind: 'danger', message: alert.key, timeout: ALERT_TIMEOUT }),
      );
    },
  });

  return createAcademyStore({
    reducers: { [toastsSlice.reducerPath]: toastsSlice.reducer },
    middleware: listeners.middleware,
  });
}

export type ShellStore = ReturnType<typeof createShellStore>;
