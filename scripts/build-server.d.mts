/** Bundles `entry` (relative to the project) into `outfile` (relative to the project); see build-server.mjs. */
export function buildServerEntry(entry: string, outfile: string): Promise<void>;
/** Node flags the compiled server runs with (`npm start`, benchmarks, child servers); see build-server.mjs. */
export const SERVER_NODE_FLAGS: readonly string[];
