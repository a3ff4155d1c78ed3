import type { CallPath, CallTable } from '../calls/CallHandler';
import { callKey, type CallKey } from '../calls/CallHandler';
import { fileExportCall, fileImportCall } from '../files/entityFileCalls';
import { myFileListCall, myFileMenuCall } from '../files/myFileCalls';
import { orgTypeListCall } from '../system/orgTypeCall';

/** A call registered earlier that the spec also reaches by a generic path: that path is added to it. */
function addPath(table: CallTable, key: CallKey, path: CallPath): void {
  const handler = table.get(key);
  if (!handler) throw new Error(`the generic path ${path.method} ${path.url} needs the call ${key}, which is not registered`);
  table.set(key, { ...handler, paths: [...(handler.paths ?? []), path] });
}

/**
 * The shell's generic calls (spec/shell.md §7 "Generic", docs/API-CONTRACT.md "Generic calls"):
 * `POST /upload` is the image upload and `POST /uploadFile` the attachment upload; `POST
 * /file/download {attachId, extName}` is getFileDown; `/fileImport` and `/fileExport` are the
 * import and export of the entity they name; `/file/menu` and `/file/list` the caller's own
 * files; `getOrgTypeList` the unit types open to registration. Each has its call-table name
 * too, so the sweeps of tests/api and tests/security reach it. Registered after the file calls.
 */
export function registerGenericCalls(table: CallTable): void {
  addPath(table, callKey('set', 'file', 'uploadImg'), { method: 'POST', url: '/upload' });
  addPath(table, callKey('set', 'file', 'uploadFile'), { method: 'POST', url: '/uploadFile' });
  addPath(table, callKey('get', 'file', 'getFileDown'), { method: 'POST', url: '/file/download' });
  table.set(callKey('set', 'file', 'fileImport'), { ...fileImportCall(table), paths: [{ method: 'POST', url: '/fileImport' }] });
  table.set(callKey('get', 'file', 'fileExport'), { ...fileExportCall(table), paths: [{ method: 'GET', url: '/fileExport' }] });
  table.set(callKey('get', 'file', 'getMyFileMenu'), { ...myFileMenuCall, paths: [{ method: 'GET', url: '/file/menu' }] });
  table.set(callKey('get', 'file', 'getMyFileList'), { ...myFileListCall, paths: [{ method: 'GET', url: '/file/list' }] });
  table.set(callKey('get', 'system', 'getOrgTypeList'), orgTypeListCall(table));
}
