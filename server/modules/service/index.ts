import { callKey } from '../../calls/CallHandler';
import type { ServerModule } from '../ServerModule';
import { getDemandInfoDetailCall, updateDemandStatusCall } from './demandCalls';
import { seedServiceDemoData } from './demoData';
import { stampFeedbackReply } from './feedbackReply';

/** 服务与反馈 (schemas/service, the spec's second base): security reports, feedback replies, demands and their log. */
export const serviceModule: ServerModule = {
  name: 'service',
  effects: { stampFeedbackReply },
  registerCalls(table, ctx) {
    const base = ctx.registry.modules.get('service')?.base;
    if (!base) return;
    table.set(callKey('get', base, 'getDemandInfoDetail'), getDemandInfoDetailCall);
    table.set(callKey('set', base, 'updateDemandStatus'), updateDemandStatusCall);
  },
  seedDemoData: seedServiceDemoData,
};
