import { CURRENT_FORMAT_VERSION } from './types';
import { SchemaError } from './SchemaError';

/**
 * Ordered upgrades of stored schema documents (files and designer-saved documents alike).
 * Entry N upgrades a document from version N to N+1. A document newer than the code, or with no
 * version at all, is refused rather than guessed at.
 */
type Upgrade = (doc: Record<string, unknown>) => Record<string, unknown>;
const UPGRADES: Record<number, Upgrade> = {
  // 1: (doc) => ({ ...doc, formatVersion: 2 }),  — the first format change adds its step here.
};

export function upgradeSchemaDocument(file: string, doc: unknown): Record<string, unknown> {
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) {
    throw new SchemaError(file, '/', 'expected a JSON object');
  }
  let current = doc as Record<string, unknown>;
  const declared = current.formatVersion;
  if (typeof declared !== 'number' || !Number.isInteger(declared) || declared < 1) {
    throw new SchemaError(file, '/formatVersion', `expected an integer format version (current is ${CURRENT_FORMAT_VERSION})`);
  }
  let version: number = declared;
  if (version > CURRENT_FORMAT_VERSION) {
    throw new SchemaError(file, '/formatVersion', `expected version ≤ ${CURRENT_FORMAT_VERSION}; this file was written by a newer release`);
  }
  while (version < CURRENT_FORMAT_VERSION) {
    const upgrade = UPGRADES[version];
    if (!upgrade) throw new SchemaError(file, '/formatVersion', `no upgrade step from version ${version}`);
    current = upgrade(current);
    version = current.formatVersion as number;
  }
  return current;
}

/** Exposed so tests can prove every version below the current one has a step. */
export function missingUpgradeSteps(): number[] {
  const missing: number[] = [];
  for (let v = 1; v < CURRENT_FORMAT_VERSION; v += 1) if (!UPGRADES[v]) missing.push(v);
  return missing;
}
