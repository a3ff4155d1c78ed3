/**
 * Attachment permission levels (`roleFlag`, spec §4 and §6): what an attachment component lets
 * its user do. Values below 3 are not described by the spec; the suite treats them as
 * "names only" (see docs/SHELL.md).
 */
export const ATTACHMENT_ROLE_FLAG = {
  /** Read-only: preview (sample details screens). */
  preview: 3,
  /** Download is allowed from this level up. */
  download: 3,
  /** Delete is allowed from this level up; the default in forms. */
  delete: 4,
  /** On a PC, word-type files also offer the red-header (套红) template. */
  redHeader: 5,
} as const;

/** The roleFlag an attachment list has when none is given: details show 3, forms 4. */
export const DEFAULT_DETAILS_ROLE_FLAG = ATTACHMENT_ROLE_FLAG.preview;
export const DEFAULT_FORM_ROLE_FLAG = ATTACHMENT_ROLE_FLAG.delete;
