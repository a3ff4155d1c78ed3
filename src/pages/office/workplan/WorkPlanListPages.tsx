import { EntityIndexPage } from '../../../../runtime/react';

/** The work plan page of the menu (officeWorkPlan): the rows of these lists open on its details screen. */
const PLAN_PATH = '/office/workplan/manage';

/** 我负责的: the plans the reader holds (getOfficeWorkPlanHeldList). */
export function HeldPlansPage() {
  return <EntityIndexPage entity="OfficeWorkPlan" basePath={PLAN_PATH} listCall="getOfficeWorkPlanHeldList" title="menu.officeWorkPlanHeld" />;
}

/** 我督办的: the plans the reader supervises (getOfficeWorkPlanSupervisedList). */
export function SupervisedPlansPage() {
  return <EntityIndexPage entity="OfficeWorkPlan" basePath={PLAN_PATH} listCall="getOfficeWorkPlanSupervisedList" title="menu.officeWorkPlanSupervised" />;
}
