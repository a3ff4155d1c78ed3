/** Bundles `entry` (relative to the project) into `outfile` (relative to the project); see build-server.mjs. */
export function buildServerEntry(entry: string, outfile: string): Promise<void>;
