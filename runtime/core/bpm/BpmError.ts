/**
 * Why the engine refused an action or a definition. `code` is also the i18n key's last part
 * (`bpm.error.<code>`), `params` its values, so the server can answer in the caller's language.
 */
export type BpmErrorCode =
  | 'notRunning' | 'taskNotFound' | 'taskNotPending' | 'notAssignee' | 'notAllowed' | 'badTarget'
  | 'noAssignees' | 'badUsers' | 'retractRefused' | 'conditionFailed' | 'noBranch' | 'notCc' | 'opinionRequired';

export class BpmError extends Error {
  constructor(public code: BpmErrorCode, public params: Record<string, string | number> = {}) {
    super(`${code} ${JSON.stringify(params)}`);
    this.name = 'BpmError';
  }
}
