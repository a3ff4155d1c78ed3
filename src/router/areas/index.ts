import type { AreaRoutes } from './AreaRoutes';
import { accountRoutes } from './accountRoutes';
import { bpmCentreRoutes } from './bpmCentreRoutes';
import { bpmDesignerRoutes } from './bpmDesignerRoutes';
import { clientRoutes } from './clientRoutes';
import { communityRoutes } from './communityRoutes';
import { docRoutes } from './docRoutes';
import { fileRoutes } from './fileRoutes';
import { formDesignerRoutes } from './formDesignerRoutes';
import { calendarRoutes } from './calendarRoutes';
import { emailRoutes } from './emailRoutes';
import { infoRoutes } from './infoRoutes';
import { hrRoutes } from './hrRoutes';
import { knowledgeRoutes } from './knowledgeRoutes';
import { infohubRoutes } from './infohubRoutes';
import { officeExamRoutes } from './officeExamRoutes';
import { officeTaskRoutes } from './officeTaskRoutes';
import { portalRoutes } from './portalRoutes';
import { previewRoutes } from './previewRoutes';
import { systemRoutes } from './systemRoutes';

export type { AreaRoutes };

export function allAreaRoutes(): AreaRoutes[] {
  return [accountRoutes(), previewRoutes(), clientRoutes(), systemRoutes(), bpmDesignerRoutes(), formDesignerRoutes(), bpmCentreRoutes(), hrRoutes(), officeExamRoutes(), officeTaskRoutes(), communityRoutes(), portalRoutes(), docRoutes(), fileRoutes(), calendarRoutes(), emailRoutes(), infoRoutes(), knowledgeRoutes(), infohubRoutes()];
}
