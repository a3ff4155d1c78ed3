import type { TableSpec } from '../db/tableSpecs';

/**
 * The online designer's store (docs/DESIGNER.md › Storage). Drafts are mutable and saved with
 * compare-and-set on `revision`; versions are immutable, one row per publish, rollback or reset.
 * A version whose `schema` is empty is a reset: from then on the file's definition runs again.
 * Versions are never deleted, so their count is the stamp other processes poll to follow a publish.
 */
export const DESIGN_TABLES: TableSpec[] = [
  {
    table: 'sys_design_draft', key: 'name',
    columns: [
      { name: 'name', type: 'text' }, { name: 'module', type: 'text' }, { name: 'schema', type: 'text' },
      { name: 'revision', type: 'integer' }, { name: 'updateUser', type: 'text' }, { name: 'updateTime', type: 'text' },
    ],
    indexes: [],
  },
  {
    table: 'sys_design_version', key: 'versionId',
    columns: [
      { name: 'versionId', type: 'text' }, { name: 'name', type: 'text' }, { name: 'module', type: 'text' },
      { name: 'version', type: 'integer' }, { name: 'schema', type: 'text' },
      // The file's text the design was made over (file-defined entities): a later file differs from it.
      { name: 'fileHash', type: 'text' }, { name: 'fileSchema', type: 'text' },
      { name: 'comment', type: 'text' }, { name: 'createUser', type: 'text' }, { name: 'createUserName', type: 'text' },
      { name: 'createTime', type: 'text' },
    ],
    indexes: [{ name: 'ux_sys_design_version', columns: ['name', 'version'], unique: true }],
  },
];
