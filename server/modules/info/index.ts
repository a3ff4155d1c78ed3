import type { ServerModule } from '../ServerModule';
import { stampNewsPublish } from './newsPublish';
import { publishNotice } from './noticePublish';
import { registerInfoCalls } from './registerInfoCalls';
import { seedInfoDemoData } from './infoDemoData';

/** 信息发布: news and notices with their read records, templates and configuration (schemas/info). */
export const infoModule: ServerModule = {
  name: 'info',
  effects: { stampNewsPublish, publishNotice },
  registerCalls: registerInfoCalls,
  seedDemoData: seedInfoDemoData,
};
