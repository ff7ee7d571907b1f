// Issue 14 (bytes): the shell's federation runtime plugin that lends its runtime core to the remotes.
// A remote's production build takes `@module-federation/runtime-core` from the page (tooling/webpack.cjs,
// `remoteRuntimeCore`) instead of carrying a copy of its own: 9.7 KB brotli less in each remote entry.
// The core is this very module instance, the one the shell's runtime runs on (the same ESM file), so the
// page holds one core. Which version it is travels with it: a remote built against another minor of
// @module-federation refuses to start, and its area shows its fallback instead of running on a core it
// does not know.
import * as core from '@module-federation/runtime-core';

globalThis._FEDERATION_RUNTIME_CORE = core;
// eslint-disable-next-line no-undef -- compiled in by the shell's DefinePlugin
globalThis._FEDERATION_RUNTIME_CORE_FROM = { name: 'academy_shell', version: ACADEMY_FEDERATION_CORE_VERSION };

export default function provideRuntimeCore() {
  return { name: 'academy-provide-runtime-core' };
}
