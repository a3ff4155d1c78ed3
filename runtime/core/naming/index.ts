export { CALL_KINDS, callName, callMethod, callPath, namedCallPath } from './callNames';
export type { CallKind, CallMethod } from './callNames';
