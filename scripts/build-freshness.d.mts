/** Types of scripts/build-freshness.mjs (plain JavaScript, run by `npm start` without tsx). */
export const root: string;
export function clientBuildIsStale(): boolean;
export const serverBundle: string;
export const repackWorkerBundle: string;
export const serverKeyFile: string;
export function serverSourcesKey(): string;
export function serverBundleIsStale(key?: string): boolean;
