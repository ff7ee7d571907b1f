import { combineSlices, configureStore, type Middleware, type Reducer } from '@reduxjs/toolkit';
import { useDispatch } from 'react-redux';
import { setupListeners } from '@reduxjs/toolkit/query';
import { api, type ServerCalls } from './base-api';

export interface AcademyStoreOptions {
  /** extra top-level reducers (the shell adds its toasts) */
  reducers?: Record<string, Reducer>;
  /** a middleware placed before the others (the shell's listener middleware) */
  middleware?: Middleware<object, unknown>;
  /** what a store made on the server gives its calls (the host's in-process `fetch`) */
  serverCalls?: ServerCalls;
}

const passThrough: Middleware<object, unknown> = () => (next) => (action) => next(action);

/** The store of the academy: the shell makes the only one in production; tests and a remote's dev page make theirs. */
export function createAcademyStore(options: AcademyStoreOptions = {}) {
  const reducer = combineSlices({ [api.reducerPath]: api.reducer, ...(options.reducers ?? {}) });
  const store = configureStore({
    reducer,
    middleware: (getDefault) =>
      // the development-only checks warn past 32 ms, which a busy 2-core machine reaches on a large cache
      getDefault({
        thunk: { extraArgument: options.serverCalls },
        serializableCheck: { warnAfter: 200 },
        immutableCheck: { warnAfter: 200 },
      })
        .prepend(options.middleware ?? passThrough)
        .concat(api.middleware),
  });
  setupListeners(store.dispatch);
  return store;
}

export type AcademyStore = ReturnType<typeof createAcademyStore>;

/** The dispatch of the academy's store: thunks such as `upsertQueryData` need no cast. */
export type AcademyDispatch = AcademyStore['dispatch'];

/** `useDispatch` typed for the academy's store. */
export const useAcademyDispatch = useDispatch.withTypes<AcademyDispatch>();
