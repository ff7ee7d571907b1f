// Issue 14 ("Pages"): what the academy's builds get for `@reduxjs/toolkit` (tooling/webpack.cjs aliases it
// here), like the router's subset (react-router-dom.mjs): a federation-shared module is never
// tree-shaken, so the one shared copy held all of Redux Toolkit (the entity adapter, the dynamic
// middleware, the invariant middlewares…). It re-exports what the academy uses and what RTK Query takes
// from it. The list is part of the shared contract: a remote that needs another export adds it here and
// ships with the shell first (docs/architecture.md, "How `shared` is versioned across independently deployed remotes"); a missing export fails
// tooling/subsets.test.ts (which reads the academy's imports and RTK Query's).
export {
  // the academy's own imports
  combineSlices,
  configureStore,
  createAction,
  createListenerMiddleware,
  createSlice,
  isRejectedWithValue,
  nanoid,
  // RTK Query's (dist/query/rtk-query.modern.mjs, dist/query/react/rtk-query-react.modern.mjs)
  SHOULD_AUTOBATCH,
  combineReducers,
  createAsyncThunk,
  createNextState,
  createSelector,
  formatProdErrorMessage,
  isAction,
  isAllOf,
  isAnyOf,
  isAsyncThunkAction,
  isFulfilled,
  isPending,
  isPlainObject,
  isRejected,
  prepareAutoBatched,
} from '../node_modules/@reduxjs/toolkit/dist/redux-toolkit.modern.mjs';
