export const CLI_ENTRY: string;
export const CLI_BUNDLE: string;
/** Whether the bundle under `root` is newer than every source file it was made from. */
export function cliBundleIsFresh(root: string): boolean;
/** Bundles electron/cli into out/cli with the given esbuild. */
export function buildCliBundle(root: string, esbuild: unknown): Promise<void>;
