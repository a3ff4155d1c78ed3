/** The stored system configuration (docs/SHELL.md "Stored configuration"): what other areas use of it. */
export { readSystemSettings, clearSystemSettingsCache } from './readSystemSettings';
export type { SystemSettings } from './systemSettings';
export { ensureSysConfig } from './ensureSysConfig';
export { registerSysConfigCalls } from './registerSysConfigCalls';
export { assertAgreementGiven } from './agreements';
