import fs from 'node:fs';
import path from 'node:path';
import type { ServerContext } from '../context';
import { nowText } from '../http/newId';
import { LINK_TABLE } from './attachmentLinks';

/** A file uploaded for a form the user has not saved yet is given a day before it counts as abandoned. */
export const UNLINKED_ATTACHMENT_HOURS = 24;

const HOUR_MS = 3_600_000;
const BATCH = 500;
/** One run removes at most this many; the next run goes on. */
const MAX_PER_RUN = 5_000;

/**
 * The scheduled job `purgeUnlinkedAttachments`: removes, from the table and the disk, attachments
 * older than a day that no record holds — no row in `sys_attach_link` (every record write keeps
 * those, docs/ARCHITECTURE.md "Files") and no signed decision of the flow log naming it as its
 * signature image. Each row is deleted on the same condition it was chosen by, so a record that
 * links the file meanwhile keeps it; the file on disk goes only with its row.
 */
export async function purgeUnlinkedAttachments(ctx: ServerContext, now = new Date()): Promise<string> {
  const { db } = ctx.database;
  const cutoff = nowText(new Date(now.getTime() - UNLINKED_ATTACHMENT_HOURS * HOUR_MS));
  let removed = 0;
  let bytes = 0;
  let after = '';
  for (let seen = 0; seen < MAX_PER_RUN; seen += BATCH) {
    const candidates = await db.selectFrom('sys_attach as a')
      .select(['a.attachId', 'a.storedPath', 'a.fileSize'])
      .where('a.createTime', '<', cutoff)
      .where('a.attachId', '>', after)
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom(`${LINK_TABLE} as l`).select('l.attachId').whereRef('l.attachId', '=', 'a.attachId'))))
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('sys_flow_log as f').select('f.signImage').whereRef('f.signImage', '=', 'a.attachId'))))
      .orderBy('a.attachId').limit(BATCH).execute();
    for (const row of candidates) {
      const id = String(row.attachId);
      const result = await db.deleteFrom('sys_attach').where('attachId', '=', id)
        .where(({ not, exists, selectFrom }) => not(exists(selectFrom(LINK_TABLE).select('attachId').where('attachId', '=', id))))
        .executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) continue;
      await fs.promises.rm(path.join(ctx.config.dataDir, String(row.storedPath)), { force: true });
      removed += 1;
      bytes += Number(row.fileSize ?? 0);
    }
    if (candidates.length < BATCH) break;
    after = String(candidates[candidates.length - 1].attachId);
  }
  return `removed ${removed} unlinked attachments (${bytes} bytes) older than ${UNLINKED_ATTACHMENT_HOURS} hours`;
}
