import type { TFunction } from 'i18next';
import type { EntityDef, FieldDef } from '../../runtime/core/schema';
import { collectFieldItems, type ValidationIssue } from '../../runtime/core/validation';
import { systemEntity, type ServerContext } from '../context';
import { eventLoopPacer } from './eventLoopPacer';
import { hasTranslatedLabel, keysReadAs, textsOfKey } from './translatedText';

/**
 * Spreadsheet cells hold what people type and what the export writes: names and labels, not
 * ids or codes. Before a row is validated like a form, the cells of picking fields become stored
 * values: users by id, account or name; departments and references by id or label; dictionary and
 * option values by value or label (either language); switches by 是/否, yes/no, 1/0. A name two
 * records share is refused with the row, never guessed; a name nobody has is left as typed, for
 * the ordinary checks to refuse ("所选的记录不存在").
 */

/** Kinds of values a spreadsheet cell cannot carry (files, nested rows, formatted text). */
const NOT_IN_CELLS: ReadonlySet<FieldDef['type']> = new Set(['attachments', 'image', 'subTable', 'richText', 'location']);

/** The fields a file can set: the form's writable fields, in form order, that fit in a cell. */
export function importableFields(entity: EntityDef): FieldDef[] {
  const byName = new Map(entity.fields.map((f) => [f.name, f]));
  const fields = collectFieldItems(entity.form).filter((i) => !i.disabled).map((i) => byName.get(i.field))
    .filter((f): f is FieldDef => Boolean(f) && !f!.system && !f!.readOnly && !NOT_IN_CELLS.has(f!.type));
  return [...new Map(fields.map((f) => [f.name, f])).values()];
}

/** Separators people use between several names in one cell. */
const LIST_SEPARATOR = /[,，、;；]/;
const IN_CHUNK = 500;

type Lookup = (token: string) => { id?: string; ambiguous?: boolean };

const TARGET_OF: Partial<Record<FieldDef['type'], string>> = { user: 'User', users: 'User', department: 'Dept', departments: 'Dept' };
const MULTI: ReadonlySet<FieldDef['type']> = new Set(['users', 'departments', 'tags']);

function tokensOf(field: FieldDef, text: string): string[] {
  const multi = MULTI.has(field.type) || (field.type === 'reference' && field.multiple);
  return (multi ? text.split(LIST_SEPARATOR) : [text]).map((s) => s.trim()).filter(Boolean);
}

/**
 * Tokens → the one id each names (key first, then unique columns, then the label), learnt as
 * slices of the file come: `learn` asks only for tokens not asked before, in chunks.
 */
interface RecordLookup { learn(tokens: Iterable<string>): Promise<void>; lookup: Lookup }

function recordLookup(ctx: ServerContext, target: EntityDef): RecordLookup {
  const { db } = ctx.database;
  // The key and unique columns identify a record outright; the label only when one record has it.
  const exactColumns = [target.key, ...target.fields.filter((f) => f.unique && f.type === 'string').map((f) => f.name)];
  const label = target.fields.find((f) => f.name === target.labelField);
  const labelled = label && ['string', 'text'].includes(label.type);
  const columns = [...new Set([...exactColumns, ...(labelled ? [target.labelField] : [])])];
  const exact = new Map<string, string>();
  // Every record bearing a label is found by the query asking for it, so a label's set is whole once asked.
  const byLabel = new Map<string, Set<string>>();
  const asked = new Set<string>();
  // A translated label (a seeded role's name) is stored as a key: a cell may give its text in either language.
  const translated = labelled && hasTranslatedLabel(target);
  return {
    async learn(tokens) {
      const fresh = [...tokens].filter((token) => !asked.has(token));
      for (const token of fresh) asked.add(token);
      const searched = translated ? [...new Set(fresh.flatMap((token) => [token, ...keysReadAs(ctx.i18n, token)]))] : fresh;
      for (let i = 0; i < searched.length; i += IN_CHUNK) {
        const chunk = searched.slice(i, i + IN_CHUNK);
        const rows = await db.selectFrom(target.table).select(columns)
          .where((eb) => eb.or(columns.map((c) => eb(c, 'in', chunk)))).execute();
        for (const row of rows) {
          const id = String(row[target.key]);
          for (const c of exactColumns) if (row[c] !== null && row[c] !== undefined) exact.set(String(row[c]), id);
          const name = labelled ? row[target.labelField] : undefined;
          if (name === null || name === undefined) continue;
          for (const text of translated ? textsOfKey(ctx.i18n, String(name)) : [String(name)]) byLabel.set(text, (byLabel.get(text) ?? new Set()).add(id));
        }
      }
    },
    lookup(token) {
      const id = exact.get(token);
      if (id) return { id };
      const named = byLabel.get(token);
      if (!named) return {};
      return named.size === 1 ? { id: [...named][0] } : { ambiguous: true };
    },
  };
}

async function dictionaryLookup(ctx: ServerContext, code: string): Promise<Lookup> {
  const dic = systemEntity(ctx, 'Dic');
  const items = await ctx.database.db.selectFrom(`${dic.table} as item`).innerJoin(`${dic.table} as parent`, 'parent.dicId', 'item.parentId')
    .select(['item.label', 'item.value']).where('parent.code', '=', code).execute();
  // Seeded items are labelled by keys: a cell gives the label as either language reads it.
  return labelledLookup(items.map((i) => ({ value: String(i.value), labels: textsOfKey(ctx.i18n, String(i.label)) })));
}

function labelledLookup(items: { value: string; labels: string[] }[]): Lookup {
  const values = new Set(items.map((i) => i.value));
  const byLabel = new Map<string, Set<string>>();
  for (const item of items) for (const label of item.labels) byLabel.set(label, (byLabel.get(label) ?? new Set()).add(item.value));
  return (token) => {
    if (values.has(token)) return { id: token };
    const named = byLabel.get(token);
    if (!named) return {};
    return named.size === 1 ? { id: [...named][0] } : { ambiguous: true };
  };
}

const SWITCH_WORDS = new Map<string, number>([
  ['1', 1], ['是', 1], ['yes', 1], ['true', 1], ['y', 1], ['开', 1], ['on', 1],
  ['0', 0], ['否', 0], ['no', 0], ['false', 0], ['n', 0], ['关', 0], ['off', 0],
]);

export interface ResolvedImport {
  /** Cells with names turned into stored values, one object per input row. */
  rows: Record<string, unknown>[];
  /** Problems by input row index (names several records share). */
  issues: Map<number, ValidationIssue[]>;
}

/**
 * Resolves the picking cells of a file slice by slice (server/entity/importCall.ts): for each
 * slice, one query per referenced entity and chunk of names not met in an earlier slice, so a
 * file naming the same hundred people in 100,000 rows asks for them once.
 */
export function importCellResolver(
  ctx: ServerContext, entity: EntityDef, tOf: (lng: string) => TFunction,
): (rows: Record<string, string>[]) => Promise<ResolvedImport> {
  const pace = eventLoopPacer();
  const records: { field: FieldDef; record: RecordLookup }[] = [];
  const lookups = new Map<string, Lookup>();
  // Built with the first slice (not before: a failure belongs to the call that awaits it).
  let ready: Promise<void> | undefined;
  const prepare = async () => {
    for (const field of entity.fields) {
      const targetName = field.type === 'reference' ? field.entity : TARGET_OF[field.type];
      const target = targetName ? ctx.registry.entities.get(targetName) : undefined;
      if (target) {
        const record = recordLookup(ctx, target);
        records.push({ field, record });
        lookups.set(field.name, record.lookup);
      } else if (field.type === 'dictionary' && field.dictionary) {
        lookups.set(field.name, await dictionaryLookup(ctx, field.dictionary));
      } else if ((field.type === 'options' || field.type === 'tags') && field.options) {
        lookups.set(field.name, labelledLookup(field.options.map((o) => ({
          value: String(o.value), labels: [tOf('zh-cn')(o.label), tOf('en')(o.label)],
        }))));
      }
    }
  };
  return async (rows) => {
    await (ready ??= prepare());
    // The distinct names each picking field's cells hold, gathered in one paced pass over the slice.
    for (const { field, record } of records) {
      const tokens = new Set<string>();
      for (const row of rows) {
        const text = row[field.name];
        if (text) for (const token of tokensOf(field, text)) tokens.add(token);
      }
      await record.learn(tokens);
      await pace();
    }
    const issues = new Map<number, ValidationIssue[]>();
    const resolved: Record<string, unknown>[] = [];
    for (const [index, row] of rows.entries()) {
      const out: Record<string, unknown> = { ...row };
      for (const field of entity.fields) {
        const text = row[field.name];
        if (text === undefined || text === '') continue;
        if (field.type === 'switch') {
          out[field.name] = SWITCH_WORDS.get(text.trim().toLowerCase()) ?? text;
          continue;
        }
        const lookup = lookups.get(field.name);
        if (!lookup) continue;
        const ids = tokensOf(field, text).map((token) => {
          const found = lookup(token);
          if (found.ambiguous) {
            const list = issues.get(index) ?? [];
            list.push({ field: field.name, reason: 'option', message: 'validation.importAmbiguous', params: { value: token } });
            issues.set(index, list);
          }
          return found.id ?? token;
        });
        out[field.name] = ids.join(',');
      }
      resolved.push(out);
      await pace();
    }
    return { rows: resolved, issues };
  };
}
