/** Why a designed layout was refused; `code` is the i18n key's last part (`portal.layout.<code>`). */
export type PortalLayoutFault =
  | 'notAList' | 'tooMany' | 'badItem' | 'unknownWidget' | 'titleTooLong' | 'badNumber' | 'outOfGrid'
  | 'badSettings' | 'noSettings' | 'unknownSetting' | 'badSetting' | 'badChoice' | 'repeated' | 'overlap';

/**
 * Thrown by checkPortalLayout; the server answers it as code 100 in the caller's language. A
 * `setting` param is the setting label's i18n key, read in that language too.
 */
export class PortalLayoutError extends Error {
  constructor(public code: PortalLayoutFault, public params: Record<string, string | number> = {}) {
    super(`${code} ${JSON.stringify(params)}`);
    this.name = 'PortalLayoutError';
  }
}
