import fs from 'node:fs';
import path from 'node:path';
import { buildRegistry, type Registry, type RegistryOptions, type SchemaSource } from '../../runtime/core/schema';

/**
 * Reads every `schemas/<module>/module.json` and `schemas/<module>/<Entity>.json` (the `meta`
 * folder holds the meta-schemas, not product schemas) and builds the validated registry.
 * A broken file stops the server with the file, JSON pointer and expectation in the message.
 */
export function readSchemaSources(schemaDir: string): SchemaSource[] {
  const sources: SchemaSource[] = [];
  const folders = fs.readdirSync(schemaDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && d.name !== 'meta')
    .map((d) => d.name)
    .sort();
  for (const folder of folders) {
    const files = fs.readdirSync(path.join(schemaDir, folder)).filter((f) => f.endsWith('.json')).sort();
    for (const file of files) {
      const shown = path.posix.join('schemas', folder, file);
      const text = fs.readFileSync(path.join(schemaDir, folder, file), 'utf8');
      let doc: unknown;
      try {
        doc = JSON.parse(text);
      } catch (error) {
        throw new Error(`${shown}: expected valid JSON (${(error as Error).message})`);
      }
      sources.push({ file: shown, module: folder, kind: file === 'module.json' ? 'module' : 'entity', doc });
    }
  }
  return sources;
}

export function loadRegistry(schemaDir: string, options: RegistryOptions = {}): Registry {
  return buildRegistry(readSchemaSources(schemaDir), options);
}
