/** Chromium's flags for tests and benchmarks (scripts/browser.mjs). */
export declare const BROWSER_ARGS: readonly string[]
export declare function findChromium(options?: { install?: boolean }): Promise<string>
