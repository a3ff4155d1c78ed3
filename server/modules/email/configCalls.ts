import { callKey, type CallHandler, type CallTable } from '../../calls/CallHandler';
import { requirePrincipal } from '../../calls/requirePrincipal';
import type { ServerContext } from '../../context';
import { nowText } from '../../http/newId';
import { callName } from '../../../runtime/core/naming';
import { secretBoxFor } from '../../security/secretBox';
import { mailEntity } from './mailEntities';
import { optionalText } from './mailParams';
import { SECRET } from './externalMail';

function wrap(table: CallTable, key: string, around: (inner: CallHandler) => CallHandler['handle']): void {
  const inner = table.get(key);
  if (!inner) throw new Error(`the generic call ${key} is missing`);
  table.set(key, { ...inner, handle: around(inner) });
}

function blankSecret(row: unknown): void {
  if (row && typeof row === 'object' && SECRET in row) {
    const record = row as Record<string, unknown>;
    record.mailPasswordSet = Boolean(record[SECRET]);
    record[SECRET] = null;
  }
}

/**
 * EmailConfig's generic calls with the password kept out: list and by id answer it blank (and
 * `mailPasswordSet`); insert and update take it out of the request, so the operation log never
 * records it, and store it afterwards, sealed with the server's key (server/security/secretBox.ts),
 * on the caller's own row — an empty value keeps the stored one.
 */
export function guardConfigSecret(table: CallTable, ctx: ServerContext): void {
  const config = mailEntity(ctx, 'EmailConfig');
  for (const kind of ['list', 'view'] as const) {
    wrap(table, callKey('get', 'email', callName(config.name, kind)), (inner) => async (request) => {
      const answer = await inner.handle(request) as { list?: unknown[] } | Record<string, unknown>;
      if (Array.isArray((answer as { list?: unknown[] }).list)) (answer as { list: unknown[] }).list.forEach(blankSecret);
      else blankSecret(answer);
      return answer;
    });
  }
  for (const kind of ['insert', 'update'] as const) {
    wrap(table, callKey('set', 'email', callName(config.name, kind)), (inner) => async (request) => {
      const principal = requirePrincipal(request);
      const secret = optionalText(request.params[SECRET], SECRET, 200);
      const { [SECRET]: _dropped, ...rest } = request.params;
      const answer = await inner.handle({ ...request, params: rest }) as Record<string, unknown>;
      const id = String(answer?.[config.key] ?? request.params[config.key] ?? '');
      if (secret && id) {
        await ctx.database.db.updateTable(config.table).set({ [SECRET]: secretBoxFor(ctx).seal(secret), updateTime: nowText() })
          .where(config.key, '=', id).where('createUser', '=', principal.userId).execute();
      }
      blankSecret(answer);
      return answer;
    });
  }
}

/** Deleting a folder of one's own returns the mail in it to the inbox (sent mail to 已发送). */
export function releaseDeletedBoxes(table: CallTable, ctx: ServerContext): void {
  const box = mailEntity(ctx, 'EmailBox');
  const copy = mailEntity(ctx, 'EmailCopy');
  for (const kind of ['delete', 'deleteByIds'] as const) {
    const key = callKey('set', 'email', callName(box.name, kind));
    if (!table.has(key)) continue;
    wrap(table, key, (inner) => async (request) => {
      const principal = requirePrincipal(request);
      const answer = await inner.handle(request);
      const { db } = ctx.database;
      const alive = db.selectFrom(box.table).select(box.key).where('createUser', '=', principal.userId);
      for (const [role, folder] of [['from', 'sent'], ['to', 'inbox'], ['cc', 'inbox'], ['bcc', 'inbox']] as const) {
        await db.updateTable(copy.table).set({ folder, boxId: null, updateTime: nowText() })
          .where('createUser', '=', principal.userId).where('folder', '=', 'custom').where('mailRole', '=', role)
          .where('boxId', 'not in', alive).execute();
      }
      return answer;
    });
  }
}

/**
 * Passwords an older version stored in clear, sealed: run at every start, it finds nothing once
 * done (a sealed value is told by its prefix). Also makes sure the server's key exists from the
 * first start on, so a key file problem shows at start rather than at someone's first send.
 */
export async function sealStoredPasswords(ctx: ServerContext): Promise<void> {
  const box = secretBoxFor(ctx);
  const config = mailEntity(ctx, 'EmailConfig');
  const { db } = ctx.database;
  const rows = await db.selectFrom(config.table).select([config.key, SECRET]).where(SECRET, 'is not', null).where(SECRET, '<>', '').execute();
  for (const row of rows) {
    const value = String(row[SECRET]);
    if (box.isSealed(value)) continue;
    // Conditional on the clear value: a password saved meanwhile is not overwritten.
    await db.updateTable(config.table).set({ [SECRET]: box.seal(value) }).where(config.key, '=', row[config.key]).where(SECRET, '=', value).execute();
  }
}
