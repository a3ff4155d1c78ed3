export * from './types';
export { SchemaError } from './SchemaError';
export { assertMetaValid } from './metaValidator';
export { upgradeSchemaDocument, missingUpgradeSteps } from './formatMigrations';
export { normaliseEntity } from './normaliseEntity';
export { checkEntityConsistency } from './checkEntityConsistency';
export { buildRegistry, moduleOf, referencedEntities } from './buildRegistry';
export type { SchemaSource } from './buildRegistry';
