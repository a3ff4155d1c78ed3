/**
 * A refused operation. `code` is an i18n key the screens show (`designer.error.*`); `detail`
 * carries what the message interpolates (the node id, the field key …). The document the
 * operation was applied to is never changed: operations are pure.
 */
/** Every code an operation may refuse with; each is an i18n key the locale must hold. */
export const DESIGN_ERROR_CODES = [
  'designer.error.unknownNode',
  'designer.error.unknownField',
  'designer.error.notAccepted',
  'designer.error.moveIntoDescendant',
  'designer.error.rootImmovable',
  'designer.error.notContainer',
  'designer.error.fieldKeyTaken',
  'designer.error.fieldKeyInvalid',
  'designer.error.fieldPlaced',
  'designer.error.systemField',
  'designer.error.idTaken',
  'designer.error.invalidSpan',
  'designer.error.notPatchable',
  'designer.error.invalidDocument',
] as const;
export type DesignErrorCode = (typeof DESIGN_ERROR_CODES)[number];

export class DesignOperationError extends Error {
  readonly code: DesignErrorCode;
  readonly detail: Readonly<Record<string, string>>;

  constructor(code: DesignErrorCode, detail: Record<string, string> = {}) {
    const parts = Object.entries(detail).map(([k, v]) => `${k}=${v}`).join(', ');
    super(parts ? `${code} (${parts})` : code);
    this.name = 'DesignOperationError';
    this.code = code;
    this.detail = detail;
  }
}
