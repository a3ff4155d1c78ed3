import { callKey, type CallTable } from '../../../calls/CallHandler';
import { getBizInstanceCall } from './bizInstanceCall';
import { getBpmSignImageCall, getMyBpmSignCall, uploadBpmSignCall } from './bpmSignCalls';

/** The calls of entity binding, due time and signatures (docs/WORKFLOW.md › Binding, Due time, Handwritten signature). */
export function registerBindingCalls(table: CallTable): void {
  table.set(callKey('get', 'bpm', 'getBizInstance'), getBizInstanceCall);
  table.set(callKey('set', 'file', 'uploadBpmSign'), uploadBpmSignCall);
  table.set(callKey('get', 'bpm', 'getMyBpmSign'), getMyBpmSignCall);
  table.set(callKey('get', 'bpm', 'getBpmSignImage'), getBpmSignImageCall);
}
