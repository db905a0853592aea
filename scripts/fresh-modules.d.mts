/** Test files that load their modules anew (scripts/fresh-modules.mjs). */
export declare const FRESH_MODULES: readonly string[]
