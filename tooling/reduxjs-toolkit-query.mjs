// Issue 14 ("Pages"): what the academy's builds get for `@reduxjs/toolkit/query` (tooling/webpack.cjs
// aliases it here; see reduxjs-toolkit.mjs): the academy's imports (through `@reduxjs/toolkit/query/react`,
// which re-exports this module) and those of RTK Query's React part.
export {
  // the academy's own imports
  fetchBaseQuery,
  setupListeners,
  // RTK Query's React part (dist/query/react/rtk-query-react.modern.mjs)
  QueryStatus,
  buildCreateApi,
  copyWithStructuralSharing,
  coreModule,
  skipToken,
} from '../node_modules/@reduxjs/toolkit/dist/query/rtk-query.modern.mjs';
