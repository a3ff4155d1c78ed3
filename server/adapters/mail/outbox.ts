import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../db/connect';
import { newId, nowText } from '../../http/newId';
import type { ChatAppName } from '../chat/ChatAppAdapter';

/**
 * The development "delivery" of SMS and e-mail (DESIGN §6: a local outbox the user can read).
 * Every message becomes a row of `sys_outbox` (the SysOutbox entity: administrators read it under
 * 系统管理 › 发件箱) and a JSON line appended to `<DATA_DIR>/outbox/outbox.log`, a file a
 * developer can `tail -f`. Shared by the SMS and the mail adapter.
 */
export interface OutboxMessage {
  /** sms, mail, or a chat app whose development adapter records directory operations here. */
  channel: 'sms' | 'mail' | ChatAppName;
  recipient: string;
  subject: string;
  body: string;
}

export interface OutboxEntry extends OutboxMessage {
  outboxId: string;
  createTime: string;
}

export const OUTBOX_TABLE = 'sys_outbox';

export function outboxLogPath(dataDir: string): string {
  return path.join(dataDir, 'outbox', 'outbox.log');
}

export interface Outbox {
  write(message: OutboxMessage): Promise<OutboxEntry>;
}

export function createOutbox(db: Db, dataDir: string): Outbox {
  const logFile = outboxLogPath(dataDir);
  return {
    async write(message) {
      const entry: OutboxEntry = { outboxId: newId(), createTime: nowText(), ...message };
      await db.insertInto(OUTBOX_TABLE).values({
        outboxId: entry.outboxId, channel: entry.channel, recipient: entry.recipient.slice(0, 200),
        subject: entry.subject.slice(0, 300), body: entry.body.slice(0, 20000),
        createUser: '', createDept: '', unitId: '', createTime: entry.createTime, updateTime: entry.createTime,
      }).execute();
      await fs.promises.mkdir(path.dirname(logFile), { recursive: true });
      await fs.promises.appendFile(logFile, `${JSON.stringify(entry)}\n`, 'utf8');
      return entry;
    },
  };
}
