/**
 * A valid record of any entity, made from its schema alone: the hostile-input suite mutates
 * one field of it at a time, so each hostile value reaches the server's storage path rather than
 * being stopped by an unrelated missing field. Values come from the field types; dictionaries
 * from getDicByCode, users, departments and references from a row the writer can pick; a field
 * the server still refuses takes the value of a stored row, or is left empty.
 */
import { collectFieldItems } from '../../runtime/core/validation';
import type { EntityDef, FieldDef } from '../../runtime/core/schema';
import type { TestServer } from './testServer';
import { entityPath } from './hostileActors';

type Values = Record<string, unknown>;

/**
 * Date-times of one record in field order an hour apart (a start before its end, as rules such as
 * `endTime > startTime` want), on a day of their own per `seq` (so bookings of one room made by
 * successive records do not clash). The hostile suite calls it again for each insert it sends.
 */
export function spreadDateTimes(entity: EntityDef, values: Values, seq: number): Values {
  const out = { ...values };
  const day = new Date(Date.UTC(2027, 0, 1) + (seq % 3000) * 86_400_000).toISOString().slice(0, 10);
  entity.fields.filter((f) => f.type === 'datetime' && typeof out[f.name] === 'string')
    .forEach((field, i) => { out[field.name] = `${day} ${String(9 + i).padStart(2, '0')}:00:00`; });
  return out;
}

/** The fields the form writes (the server accepts no others). */
export function writableFields(entity: EntityDef): FieldDef[] {
  const names = new Set(collectFieldItems(entity.form).filter((i) => !i.disabled).map((i) => i.field));
  return entity.fields.filter((f) => names.has(f.name) && !f.system && !f.readOnly && f.type !== 'status');
}

function inRange(field: FieldDef, wanted: number): number {
  const low = field.min ?? 0;
  const high = field.max ?? Number.MAX_SAFE_INTEGER;
  return Math.min(high, Math.max(low, wanted));
}

function text(field: FieldDef, seq: number): string {
  const value = `h7${field.name}${seq}`;
  return field.maxLength ? value.slice(-field.maxLength) : value;
}

export class RecordMaker {
  private readonly picks = new Map<string, string[]>();
  private readonly stored = new Map<string, Values | null>();

  constructor(private readonly s: TestServer, private readonly token: string) {}

  /** Keys of rows of `entity` the writer can pick (its picker), cached. */
  private async pickable(entity: EntityDef): Promise<string[]> {
    if (!this.picks.has(entity.name)) {
      const res = await this.s.get(this.token, entityPath(this.s, entity, 'select'), { pageSize: 50 });
      const list = res.body.code === 200 ? (res.body.data.list as Values[]) : [];
      this.picks.set(entity.name, list.map((r) => String(r.value ?? r[entity.key])));
    }
    return this.picks.get(entity.name)!;
  }

  /** The first stored row of the entity, as read by id (the fallback for values a type cannot guess). */
  private async storedRow(entity: EntityDef): Promise<Values | null> {
    if (!this.stored.has(entity.name)) {
      const list = await this.s.get(this.token, entityPath(this.s, entity, 'list'), { pageSize: 1 });
      const first = list.body.code === 200 ? (list.body.data.list as Values[])[0] : undefined;
      this.stored.set(entity.name, first ?? null);
    }
    return this.stored.get(entity.name)!;
  }

  private async valueFor(field: FieldDef, seq: number): Promise<unknown> {
    const registry = this.s.server.ctx.registry;
    const pick = async (name: string) => {
      const keys = await this.pickable(registry.entities.get(name)!);
      return keys.length ? keys[seq % keys.length] : undefined;
    };
    switch (field.type) {
      case 'string': case 'text': case 'richText': return text(field, seq);
      case 'integer': return field.unique ? inRange(field, 50 + (seq % 40)) : inRange(field, 1);
      case 'number': case 'money': return inRange(field, 12.5);
      case 'switch': return 1;
      case 'date': return '2026-03-01';
      case 'datetime': return '2026-03-01 09:00:00';
      case 'time': return '09:30:00';
      case 'dateRange': return ['2026-03-01', '2026-03-05'];
      case 'datetimeRange': return ['2026-03-01 09:00:00', '2026-03-05 18:00:00'];
      case 'dictionary': {
        const res = await this.s.get(this.token, '/get/system/getDicByCode', { code: field.dictionary });
        return (res.body.data as { value: string }[] | null)?.[0]?.value;
      }
      case 'options': return field.options?.[0]?.value;
      case 'user': case 'users': return pick('User');
      case 'department': case 'departments': return pick('Dept');
      case 'reference': return field.entity ? pick(field.entity) : undefined;
      case 'tags': return 'h7,tag';
      case 'location': return { lng: 121.47, lat: 31.23, address: 'h7' };
      case 'subTable': return [];
      case 'attachments': case 'image': case 'status': return undefined;
      default: {
        const unhandled: never = field.type;
        throw new Error(`no sample value for ${String(unhandled)}`);
      }
    }
  }

  /** A record of `entity` from the field types; `seq` keeps unique fields apart. */
  async generate(entity: EntityDef, seq: number): Promise<Values> {
    const values: Values = {};
    for (const field of writableFields(entity)) {
      const value = await this.valueFor(field, seq);
      if (value !== undefined) values[field.name] = value;
    }
    return spreadDateTimes(entity, values, seq);
  }

  /** Other values to try for a field the server refused: shapes that common patterns accept. */
  private async alternatives(entity: EntityDef, field: FieldDef, seq: number): Promise<unknown[]> {
    const stored = (await this.storedRow(entity))?.[field.name];
    const fromStored = stored !== undefined && stored !== null && !field.unique ? [stored] : [];
    const n = String(seq).padStart(4, '0');
    switch (field.type) {
      case 'string': case 'text':
        return [...fromStored, `/h7/path${seq}`, `https://example.com/h7/${seq}`, 'HrContract', `h7${seq}@example.com`, `1390000${n}`, `91310000MA1FL8${n}`, null];
      case 'user': case 'users': case 'department': case 'departments': case 'reference': {
        const target = field.type.startsWith('user') ? 'User' : field.type.startsWith('dep') ? 'Dept' : field.entity!;
        const keys = await this.pickable(this.s.server.ctx.registry.entities.get(target)!);
        return [...fromStored, ...keys.slice(seq % Math.max(1, keys.length)), ...keys, null];
      }
      default:
        return [...fromStored, null];
    }
  }

  /**
   * Inserts a generated record, repairing the fields the server refuses (a pattern, a rule
   * across fields, a unique user) with other candidates, or by leaving them empty. Answers the
   * values that were accepted and the stored row, or undefined when no valid record could be made.
   */
  async insertValid(entity: EntityDef, seq: number, files: { image?: string; file?: string } = {}): Promise<{ values: Values; row: Values } | undefined> {
    const values = await this.generate(entity, seq);
    for (const field of writableFields(entity)) {
      if (field.type === 'image' && files.image) values[field.name] = files.image;
      if (field.type === 'attachments' && files.file) values[field.name] = files.file;
    }
    const insert = entityPath(this.s, entity, 'insert');
    const tried = new Map<string, number>();
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const res = await this.s.postJson(this.token, insert, values);
      if (res.body.code === 200) return { values, row: res.body.data as Values };
      const errors = (res.body.data?.errors as { field: string }[] | undefined) ?? [];
      if (res.body.code !== 100 || errors.length === 0) return undefined;
      for (const { field } of errors) {
        const name = field.split('.')[0];
        const def = entity.fields.find((f) => f.name === name);
        if (!def) return undefined;
        const candidates = await this.alternatives(entity, def, seq);
        const next = tried.get(name) ?? 0;
        if (next >= candidates.length) return undefined;
        values[name] = candidates[next];
        tried.set(name, next + 1);
      }
    }
    return undefined;
  }
}
