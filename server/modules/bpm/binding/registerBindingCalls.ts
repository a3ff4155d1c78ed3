import { callKey, type CallTable } from '../../../calls/CallHandler';
import { getBindableEntitiesCall } from './bindableEntitiesCall';
import { getBizInstanceCall } from './bizInstanceCall';
import { deleteMyBpmSignCall, getBpmSignImageCall, getMyBpmSignCall, uploadBpmSignCall } from './bpmSignCalls';

/** The calls of entity binding (and the designer's choice of entity), due time and signatures (docs/WORKFLOW.md › Binding, Due time, Handwritten signature). */
export function registerBindingCalls(table: CallTable): void {
  table.set(callKey('get', 'bpm', 'getBizInstance'), getBizInstanceCall);
  table.set(callKey('get', 'bpm', 'getBindableEntities'), getBindableEntitiesCall);
  table.set(callKey('set', 'file', 'uploadBpmSign'), uploadBpmSignCall);
  table.set(callKey('get', 'bpm', 'getMyBpmSign'), getMyBpmSignCall);
  table.set(callKey('get', 'bpm', 'getBpmSignImage'), getBpmSignImageCall);
  table.set(callKey('set', 'bpm', 'deleteMyBpmSign'), deleteMyBpmSignCall);
}
