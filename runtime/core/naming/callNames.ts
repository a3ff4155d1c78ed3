/**
 * The call-naming convention of DESIGN.md §5: every entity E of a module with base B has
 * reads under /get/B/… and writes under /set/B/…, named after E. Server and browser both
 * derive paths here, so a renamed convention changes in one place.
 */

export const CALL_KINDS = [
  'list', 'my', 'tree', 'select', 'view', 'insert', 'update', 'delete', 'deleteByIds', 'import', 'importTemplate', 'export', 'drop', 'importProgress',
] as const;
export type CallKind = (typeof CALL_KINDS)[number];

export type CallMethod = 'get' | 'set';

export function callName(entityName: string, kind: CallKind): string {
  switch (kind) {
    case 'list': return `get${entityName}List`;
    case 'my': return `getMy${entityName}List`;
    case 'tree': return `get${entityName}Tree`;
    case 'select': return `get${entityName}ListForSelect`;
    case 'view': return `get${entityName}ById`;
    case 'insert': return `insert${entityName}`;
    case 'update': return `update${entityName}`;
    case 'delete': return `delete${entityName}`;
    case 'deleteByIds': return `delete${entityName}ByIds`;
    case 'import': return `import${entityName}`;
    case 'importTemplate': return `get${entityName}ImportTemplate`;
    // How far one of the caller's imports is (server/entity/importProgress.ts).
    case 'importProgress': return `get${entityName}ImportProgress`;
    case 'export': return `export${entityName}`;
    // Drag sort, as the spec's dropHrDic / dropArchivesDic.
    case 'drop': return `drop${entityName}`;
    default: {
      const unreachable: never = kind;
      throw new Error(`unknown call kind ${String(unreachable)}`);
    }
  }
}

/** Reads are GET under /get, writes POST under /set; export is a read that downloads a file. */
export function callMethod(kind: CallKind): CallMethod {
  switch (kind) {
    case 'list': case 'my': case 'tree': case 'select': case 'view': case 'export': case 'importTemplate': case 'importProgress':
      return 'get';
    case 'insert': case 'update': case 'delete': case 'deleteByIds': case 'import': case 'drop':
      return 'set';
    default: {
      const unreachable: never = kind;
      throw new Error(`unknown call kind ${String(unreachable)}`);
    }
  }
}

/** Path under /capi, e.g. callPath('hr', 'HrContract', 'list') → '/get/hr/getHrContractList'. */
export function callPath(base: string, entityName: string, kind: CallKind): string {
  return `/${callMethod(kind)}/${base}/${callName(entityName, kind)}`;
}

/** Path of a named extra call (flow transitions, handlers): writes under /set, reads under /get. */
export function namedCallPath(base: string, method: CallMethod, name: string): string {
  return `/${method}/${base}/${name}`;
}
