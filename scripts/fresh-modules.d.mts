/** Test files that load their modules anew, by test project (scripts/fresh-modules.mjs). */
export declare const FRESH_MODULES: { readonly web: string[]; readonly server: string[] }
