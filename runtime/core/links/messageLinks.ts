/**
 * Message deep links (spec/shell.md §2): where a message in a message list leads.
 *
 * - Module messages open `/app/{module}/details?{param}={id}`.
 * - Workflow messages open `/bpm/handle/dowork?runId&stepRunId&flowId` (approved or changed by a
 *   user) or `/bpm/handle/read?runId` (created, joined, reminder), `…&sendToId` (sent to a user);
 *   official documents use the same two shapes under `/doc/handle/`.
 * - A workflow message carries one combined id: the ids it needs, of equal length, written one
 *   after another. It is split into 3 equal parts (dowork) or 2 (read with sendToId).
 */

export interface ModuleDetailsLink {
  /** Module key as it appears in message records and in the path. */
  module: string;
  path: string;
  /** Query parameter naming the record. */
  param: string;
  /** Entity shown for it, when the module exists in this suite. */
  entity: string | null;
  /** i18n key of the module's name. */
  title: string;
  /** The family lists the user's own records only (payslips), even for a user who may read everyone's. */
  ownRecords?: boolean;
  /** The module's own area routes serve `/app/{module}` and the details path (votes: a ballot, not a record). */
  ownScreens?: boolean;
  /** The family's list offers 新建 (records people write on the phone: diaries, duty, tasks, plans). */
  creates?: boolean;
  /**
   * The module's own reading screen on the desktop, taking the same parameter: a message's link
   * opens there in the desktop's message list (desktopModulePath) rather than on the phone screen.
   */
  desktopPath?: string;
}

/**
 * Every module deep link of the spec, in the spec's order, then the mobile families the spec's
 * screen list adds without a message link (meetings). News, notices and mail are read on screens
 * of their own (the reading call marks them read); the others on the generic entity screens.
 */
export const MODULE_DETAILS_LINKS: readonly ModuleDetailsLink[] = [
  { module: 'news', path: '/app/news/details', param: 'newsId', entity: 'News', title: 'shell.links.modules.news', ownScreens: true },
  { module: 'email', path: '/app/email/details', param: 'emailId', entity: 'Email', title: 'shell.links.modules.email', ownScreens: true },
  { module: 'notice', path: '/app/notice/details', param: 'noticeId', entity: 'Notice', title: 'shell.links.modules.notice', ownScreens: true, desktopPath: '/info/notice/view' },
  { module: 'diary', path: '/app/diary/details', param: 'diaryId', entity: 'OfficeDiary', title: 'shell.links.modules.diary', creates: true },
  { module: 'task', path: '/app/task/details', param: 'taskId', entity: 'OfficeTask', title: 'shell.links.modules.task', creates: true },
  { module: 'duty', path: '/app/duty/details', param: 'recordId', entity: 'OfficeDutyRecord', title: 'shell.links.modules.duty', creates: true },
  { module: 'workplan', path: '/app/workplan/details', param: 'planId', entity: 'OfficeWorkPlan', title: 'shell.links.modules.workplan', creates: true },
  { module: 'hr/salary', path: '/app/hr/salary/details', param: 'recordId', entity: 'SalaryRecord', title: 'shell.links.modules.hrSalary', ownRecords: true },
  { module: 'hr/contract', path: '/app/hr/contract/details', param: 'contractId', entity: 'HrContract', title: 'shell.links.modules.hrContract' },
  { module: 'hr/licence', path: '/app/hr/licence/details', param: 'licenceId', entity: 'Licence', title: 'shell.links.modules.hrLicence' },
  { module: 'vote', path: '/app/vote/details', param: 'voteId', entity: 'Vote', title: 'shell.links.modules.vote', ownScreens: true },
  // Beyond the spec's message links: its mobile-style meeting screens (my bookings, the rooms' day).
  { module: 'meeting', path: '/app/meeting/details', param: 'meetingId', entity: 'OfficeMeeting', title: 'mobileOffice.meeting.title' },
];

export function moduleDetailsLink(module: string): ModuleDetailsLink | undefined {
  return MODULE_DETAILS_LINKS.find((link) => link.module === module);
}

/** `/app/hr/contract/details?contractId=7`; null for a module the spec does not list or a blank id. */
export function moduleDetailsPath(module: string, id: string | number): string | null {
  const link = moduleDetailsLink(module);
  const text = String(id).trim();
  if (!link || text === '') return null;
  return `${link.path}?${new URLSearchParams({ [link.param]: text }).toString()}`;
}

/** The id a module details path names, read from its query; null when absent or blank. */
export function moduleDetailsId(link: ModuleDetailsLink, search: string): string | null {
  const id = new URLSearchParams(search).get(link.param)?.trim();
  return id ? id : null;
}

/**
 * Where a module details link (`/app/notice/details?noticeId=7`) opens on the desktop, when its
 * module has a desktop reading screen (`/info/notice/view?noticeId=7`); null for any other link.
 */
export function desktopModulePath(href: string): string | null {
  const [path, query = ''] = href.split('#', 1)[0].split('?', 2);
  const link = MODULE_DETAILS_LINKS.find((candidate) => candidate.path === path);
  const id = link?.desktopPath ? moduleDetailsId(link, query) : null;
  return link?.desktopPath && id ? `${link.desktopPath}?${new URLSearchParams({ [link.param]: id }).toString()}` : null;
}

/** Workflow (bpm) or official document (doc) handling. */
export type HandleArea = 'bpm' | 'doc';
export const HANDLE_AREAS: readonly HandleArea[] = ['bpm', 'doc'];

/** What a workflow message is about; it decides the screen (spec §2). */
export type WorkflowMessageKind = 'approved' | 'userChanged' | 'create' | 'join' | 'reminder' | 'sendToUser';
export const WORKFLOW_MESSAGE_KINDS: readonly WorkflowMessageKind[] = ['approved', 'userChanged', 'create', 'join', 'reminder', 'sendToUser'];

export type WorkflowLink =
  | { area: HandleArea; action: 'dowork'; runId: string; stepRunId: string; flowId: string }
  | { area: HandleArea; action: 'read'; runId: string; sendToId?: string };

/**
 * Splits a combined id into `parts` pieces of equal length. Null when it cannot be split evenly
 * (empty, or a length not divisible by `parts`): a malformed message must not open a wrong record.
 */
export function splitCombinedId(combined: string, parts: 2 | 3): string[] | null {
  const text = combined.trim();
  if (text === '' || text.length % parts !== 0) return null;
  const size = text.length / parts;
  return Array.from({ length: parts }, (_, index) => text.slice(index * size, (index + 1) * size));
}

/** The workflow link for a message of `kind` carrying `combinedId`; null when the id does not fit the kind. */
export function workflowLinkForMessage(area: HandleArea, kind: WorkflowMessageKind, combinedId: string): WorkflowLink | null {
  switch (kind) {
    case 'approved':
    case 'userChanged': {
      const ids = splitCombinedId(combinedId, 3);
      return ids ? { area, action: 'dowork', runId: ids[0], stepRunId: ids[1], flowId: ids[2] } : null;
    }
    case 'create':
    case 'join':
    case 'reminder': {
      const runId = combinedId.trim();
      return runId ? { area, action: 'read', runId } : null;
    }
    case 'sendToUser': {
      const ids = splitCombinedId(combinedId, 2);
      return ids ? { area, action: 'read', runId: ids[0], sendToId: ids[1] } : null;
    }
    default: {
      const unknown: never = kind;
      throw new Error(`unknown workflow message kind ${String(unknown)}`);
    }
  }
}

/** `/bpm/handle/dowork?runId=…&stepRunId=…&flowId=…`, `/doc/handle/read?runId=…[&sendToId=…]`. */
export function workflowPath(link: WorkflowLink): string {
  const query: Record<string, string> = link.action === 'dowork'
    ? { runId: link.runId, stepRunId: link.stepRunId, flowId: link.flowId }
    : { runId: link.runId, ...(link.sendToId ? { sendToId: link.sendToId } : {}) };
  return `/${link.area}/handle/${link.action}?${new URLSearchParams(query).toString()}`;
}

/** Reads a workflow link back from a path's query; null when an id it needs is missing. */
export function parseWorkflowLink(area: HandleArea, action: 'dowork' | 'read', search: string): WorkflowLink | null {
  const query = new URLSearchParams(search);
  const read = (name: string) => query.get(name)?.trim() || null;
  const runId = read('runId');
  if (!runId) return null;
  if (action === 'dowork') {
    const stepRunId = read('stepRunId');
    const flowId = read('flowId');
    return stepRunId && flowId ? { area, action, runId, stepRunId, flowId } : null;
  }
  const sendToId = read('sendToId');
  return sendToId ? { area, action, runId, sendToId } : { area, action, runId };
}

/** A message as message lists hold it: which module it belongs to, its kind and its id. */
export interface MessageTarget {
  /** A module of MODULE_DETAILS_LINKS, or 'bpm' / 'doc' for workflow messages. */
  module: string;
  /** Workflow messages only. */
  kind?: WorkflowMessageKind;
  /** The record id, or the combined id of a workflow message. */
  id: string;
}

/** Where clicking a message leads; null when the message cannot be opened (unknown module, malformed id). */
export function messageLinkPath(message: MessageTarget): string | null {
  if (message.module === 'bpm' || message.module === 'doc') {
    if (!message.kind) return null;
    const link = workflowLinkForMessage(message.module, message.kind, message.id);
    return link ? workflowPath(link) : null;
  }
  return moduleDetailsPath(message.module, message.id);
}
