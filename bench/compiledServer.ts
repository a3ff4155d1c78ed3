import path from 'node:path';
import { buildServerEntry } from '../scripts/build-server.mjs';

export { SERVER_NODE_FLAGS } from '../scripts/build-server.mjs';

/**
 * A benchmark's server script compiled the way `npm start` compiles the server
 * (scripts/build-server.mjs), so the figures are those of the product as run, not of tsx's
 * transforms: returns the path of the module to start with `node`.
 */
export async function compiledServer(entry: string): Promise<string> {
  const outfile = path.join('dist-server', 'bench', `${entry.replace(/[\\/]/g, '-').replace(/\.ts$/, '')}.mjs`);
  await buildServerEntry(entry, outfile);
  return outfile;
}
