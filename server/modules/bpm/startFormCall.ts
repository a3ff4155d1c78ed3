import type { CallHandler } from '../../calls/CallHandler';
import { requirePrincipal } from '../../calls/requirePrincipal';
import { requiredText } from './bpmParams';
import { publishedProcess } from './binding/submitRecord';
import { loadProcessVersion } from './processVersions';

/**
 * GET getStartForm {processKey}: what 发起流程 renders — the current version's key, name and
 * typed fields (and the bound entity, when the process starts from a record). Only for a
 * process the caller may start.
 */
export const getStartFormCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx } = request;
    const process = await publishedProcess(ctx, principal, requiredText(request.params, 'processKey', 60));
    const def = await loadProcessVersion(ctx, ctx.database.db, process.processKey, process.currentVersion);
    return { key: def.key, name: def.name, version: process.currentVersion, formFields: def.formFields, fields: def.fields ?? [], ...(def.entity ? { entity: def.entity } : {}) };
  },
};
