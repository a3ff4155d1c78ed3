import { callKey, type CallTable } from '../../calls/CallHandler';
import {
  getMyCcListCall, getMyDoneListCall, getMyDraftListCall, getMyStartedListCall, getMyTodoListCall, getTodoCountCall,
} from './listCalls';
import { batchAgreeCall } from './batchAgree';
import { getStartFormCall } from './startFormCall';
import { registerBindingCalls } from './binding/registerBindingCalls';
import { deleteDraftCall, getDraftByIdCall, saveDraftCall } from './drafts';
import { getInstanceByIdCall, getProcessListForStartCall } from './readCalls';
import { getInstanceListCall } from './monitorCalls';
import {
  completeTaskCall, markCcReadCall, retractInstanceCall, startProcessCall, terminateInstanceCall, urgeInstanceCall,
} from './writeCalls';

/** The workflow engine's calls under /get|set/bpm (docs/WORKFLOW.md); definitions are the generic BpmProcess calls. */
export function registerBpmCalls(table: CallTable): void {
  registerBindingCalls(table);
  table.set(callKey('get', 'bpm', 'getMyTodoList'), getMyTodoListCall);
  table.set(callKey('get', 'bpm', 'getMyDoneList'), getMyDoneListCall);
  table.set(callKey('get', 'bpm', 'getMyStartedList'), getMyStartedListCall);
  table.set(callKey('get', 'bpm', 'getMyCcList'), getMyCcListCall);
  table.set(callKey('get', 'bpm', 'getMyDraftList'), getMyDraftListCall);
  table.set(callKey('get', 'bpm', 'getTodoCount'), getTodoCountCall);
  table.set(callKey('get', 'bpm', 'getInstanceById'), getInstanceByIdCall);
  table.set(callKey('get', 'bpm', 'getInstanceList'), getInstanceListCall);
  table.set(callKey('get', 'bpm', 'getProcessListForStart'), getProcessListForStartCall);
  table.set(callKey('set', 'bpm', 'startProcess'), startProcessCall);
  table.set(callKey('set', 'bpm', 'completeTask'), completeTaskCall);
  table.set(callKey('set', 'bpm', 'retractInstance'), retractInstanceCall);
  table.set(callKey('set', 'bpm', 'urgeInstance'), urgeInstanceCall);
  table.set(callKey('set', 'bpm', 'terminateInstance'), terminateInstanceCall);
  table.set(callKey('set', 'bpm', 'markCcRead'), markCcReadCall);
  table.set(callKey('set', 'bpm', 'batchAgree'), batchAgreeCall);
  table.set(callKey('set', 'bpm', 'saveDraft'), saveDraftCall);
  table.set(callKey('get', 'bpm', 'getStartForm'), getStartFormCall);
  table.set(callKey('get', 'bpm', 'getDraftById'), getDraftByIdCall);
  table.set(callKey('set', 'bpm', 'deleteDraft'), deleteDraftCall);
}
