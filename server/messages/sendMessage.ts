import type { Db } from '../db/connect';
import { systemEntity, type ServerContext } from '../context';
import { insertNewRow } from '../entity/insertNewRow';

export interface NewMessage { receiverId: string; title: string; content?: string; msgType?: 'system' | 'reminder' | 'flow'; link?: string }

const SYSTEM_SENDER = { userId: '', deptId: '', unitId: '' };

/** A system message to one user (the badge and the message list read them). */
export async function sendMessage(ctx: ServerContext, db: Db, message: NewMessage): Promise<string> {
  return insertNewRow(ctx, db, systemEntity(ctx, 'SysMessage'), {
    title: message.title, content: message.content ?? null, receiverId: message.receiverId,
    msgType: message.msgType ?? 'system', link: message.link ?? null, readFlag: 0,
  }, SYSTEM_SENDER);
}
