import path from 'node:path';
import type { ChunkingContext } from 'rolldown';

const isOwnSource = (id: string) => !id.includes('/node_modules/') && !id.startsWith('\0') && path.isAbsolute(id);

/** Our own modules the entry and the sign-in page import statically, found by walking the graph (never into node_modules). */
function ownStaticClosure(ctx: ChunkingContext, roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(ctx.getModuleInfo(id)?.importedIds ?? []).filter(isOwnSource));
  }
  return seen;
}

/**
 * One chunk for everything the first page needs: the entry's and the sign-in page's own modules,
 * and (the bundler's includeDependenciesRecursively) the library code they use after tree
 * shaking. Automatic splitting cut that into ~60 small chunks, which compress worse apart than
 * together (brotli: 317 KB apart, 277 KB as one) and cost a request each. Lazy pages keep
 * their own chunks; what they share with this one they take from it.
 */
export function signInChunkGroup(roots: readonly string[]) {
  let members: Set<string> | undefined;
  return {
    name: (id: string, ctx: ChunkingContext) => {
      members ??= ownStaticClosure(ctx, roots.map((root) => path.resolve(root)));
      return members.has(id) ? 'app-shell' : null;
    },
    debugName: 'app-shell',
  };
}
