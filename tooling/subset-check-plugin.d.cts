// The types of subset-check-plugin.cjs, for the TypeScript that reads it (tooling/subsets.test.ts).
export declare const SUBSETS: Record<string, string>;
export declare const REEXPORTERS: Record<string, { subset: string; file: string }>;
export declare function exportedBy(file: string, lists?: RegExp): Set<string>;
export declare class SubsetCheckPlugin {
  apply(compiler: unknown): void;
}
