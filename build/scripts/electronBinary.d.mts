/** The Electron executable's path, or null when it is not installed. */
export function findElectronBinary(fromDir: string): string | null;
export const MISSING_ELECTRON_MESSAGE: string;
