// Issue 14 ("Pages"): what the academy's builds get for `react-redux` (tooling/webpack.cjs aliases it here;
// see reduxjs-toolkit.mjs): the hooks and the provider, without `connect` (the higher-order components the
// academy never uses). A missing export fails tooling/subsets.test.ts.
export {
  // the academy's own imports
  Provider,
  useDispatch,
  useSelector,
  // RTK Query's React part (dist/query/react/rtk-query-react.modern.mjs)
  ReactReduxContext,
  batch,
  shallowEqual,
  useStore,
} from '../node_modules/react-redux/dist/react-redux.mjs';
