import { request } from '../../request';

/** One mail as its owner sees it (server/modules/email/mailboxView.ts). */
export interface MailRow {
  emailId: string;
  copyId: string;
  subject: string;
  senderId: string;
  senderIdName?: string;
  toIds: string;
  toIdsName?: string;
  ccIds: string;
  ccIdsName?: string;
  bccIds: string;
  bccIdsName?: string;
  externalTo?: string;
  importance: 'normal' | 'important' | 'urgent';
  content?: string;
  preview?: string;
  attachments: string;
  hasAttachments: boolean;
  /** received: fetched from one's outside mailbox (no inside sender; senderIdName is the outside one). */
  mailState: 'draft' | 'sent' | 'received';
  sendTime: string | null;
  folder: string;
  boxId: string | null;
  mailRole: 'from' | 'to' | 'cc' | 'bcc';
  readFlag: number;
  starred: number;
  sortTime: string;
}

export interface FolderCount { total: number; unread: number }
export interface MailCounts {
  inbox: FolderCount; sent: FolderCount; drafts: FolderCount; trash: FolderCount; starred: FolderCount;
  boxes: (FolderCount & { boxId: string; boxName: string })[];
}

/** A folder of the left column: a system folder, or `custom:<boxId>`. */
export type FolderKey = string;

export function folderParams(folder: FolderKey): Record<string, string> {
  return folder.startsWith('custom:') ? { folder: 'custom', boxId: folder.slice(7) } : { folder };
}

/** What compose starts from: empty, a draft, or a reply / forward the server prefilled. */
export interface ComposeValues {
  emailId?: string;
  subject: string;
  toIds: string[];
  ccIds: string[];
  bccIds: string[];
  externalTo: string;
  importance: string;
  content: string;
  attachments: string[];
  refEmailId?: string;
}

/** getMyEmailConfig: the settings in force and what one's outside account can do. */
export interface MyMailConfig {
  configId: string | null;
  pageSize: number;
  external: { enabled: boolean; address: string; canSend: boolean; canFetch: boolean; fetchTime: string | null; fetchStatus: string | null };
}

/** sendEmail's answer: outside addresses went through one's own account (`via: 'account'`, from `from`) or the server's mail. */
export interface SendAnswer { emailId: string; via: 'account' | 'server'; from: string | null; external: { sent: string[]; failed: string[] } }

export const mailApi = {
  counts: () => request.get<MailCounts>('/get/email/getEmailCount'),
  list: (params: Record<string, unknown>) => request.get<{ list: MailRow[]; total: number }>('/get/email/getMyEmailList', params),
  detail: (copyId: string) => request.get<MailRow>('/get/email/getEmailDetail', { copyId }),
  detailByEmail: (emailId: string) => request.get<MailRow>('/get/email/getEmailDetail', { emailId }),
  reply: (copyId: string, mode: 'reply' | 'replyAll' | 'forward') => request.get<ComposeValues>('/get/email/getEmailReply', { copyId, mode }),
  setRead: (copyIds: string[], readFlag: 0 | 1) => request.postJson('/set/email/setEmailRead', { copyIds, readFlag }),
  setStar: (copyIds: string[], starred: 0 | 1) => request.postJson('/set/email/setEmailStar', { copyIds, starred }),
  move: (copyIds: string[], folder: string, boxId?: string) => request.postJson('/set/email/moveEmail', { copyIds, folder, boxId }),
  trash: (copyIds: string[]) => request.postJson('/set/email/deleteEmail', { copyIds }),
  restore: (copyIds: string[]) => request.postJson('/set/email/restoreEmail', { copyIds }),
  purge: (copyIds: string[]) => request.postJson('/set/email/deleteEmailPhysical', { copyIds }),
  save: (values: ComposeValues) => request.postJson<{ emailId: string }>('/set/email/saveEmail', values),
  send: (values: ComposeValues) => request.postJson<SendAnswer>('/set/email/sendEmail', values),
  myConfig: () => request.get<MyMailConfig>('/get/email/getMyEmailConfig'),
  fetchExternal: () => request.postJson<{ fetched: number; more: boolean }>('/set/email/fetchExternalMail', {}),
};

export const splitIds = (value: string | null | undefined): string[] => (value ? value.split(',').filter(Boolean) : []);
