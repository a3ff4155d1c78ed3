import { namedListCall, userFieldScope } from './namedLists';

/** 我负责的计划: plans the caller holds. */
export const getOfficeWorkPlanHeldListCall = namedListCall('OfficeWorkPlan', userFieldScope('holder'));
/** 我督办的计划: plans the caller supervises. */
export const getOfficeWorkPlanSupervisedListCall = namedListCall('OfficeWorkPlan', userFieldScope('supervisor'));
