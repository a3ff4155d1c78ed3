import type { TableSpec } from '../../db/tableSpecs';

/** Where share links' access codes live, hashed (server/modules/file/shareCodes.ts). */
export const SHARE_CODE_TABLE = 'file_net_disk_share_code';

/**
 * The file module's tables outside the generic entity calls, created by the table sync with the
 * other system tables (server/db/systemTables.ts): a share link's code hash sits beside the
 * link's row rather than in it, so no list, by-id answer, export or operation-log line of
 * 分享链接 can ever carry it.
 */
export const FILE_TABLES: TableSpec[] = [
  {
    table: SHARE_CODE_TABLE, key: 'shareId',
    columns: [{ name: 'shareId', type: 'text' }, { name: 'codeHash', type: 'text' }, { name: 'updateTime', type: 'text' }],
    indexes: [],
  },
];
