import ExcelJS from 'exceljs';
import type { TFunction } from 'i18next';
import type { EntityDef, FieldDef } from '../../runtime/core/schema';
import type { CallHandler } from '../calls/CallHandler';
import { REPLY_SENT } from '../calls/CallHandler';
import { requirePermission, requirePrincipal } from '../calls/requirePrincipal';
import { systemEntity, type ServerContext } from '../context';
import { contentDisposition } from '../files/contentDisposition';
import { importableFields } from './importCells';
import { translatedText } from './translatedText';
import type { Lang } from '../http/serverI18n';

/** How to fill one column, in the reader's language: what the import accepts for the field's type. */
async function howToFill(ctx: ServerContext, field: FieldDef, t: TFunction, lang: Lang): Promise<string> {
  switch (field.type) {
    case 'user': return t('file.template.user');
    case 'users': return t('file.template.users');
    case 'department': return t('file.template.department');
    case 'departments': return t('file.template.departments');
    case 'reference': {
      const target = field.entity ? ctx.registry.entities.get(field.entity) : undefined;
      return t(field.multiple ? 'file.template.references' : 'file.template.reference', { target: target ? t(target.title) : '' });
    }
    case 'dictionary': {
      const dic = systemEntity(ctx, 'Dic');
      const items = field.dictionary ? await ctx.database.db.selectFrom(`${dic.table} as item`)
        .innerJoin(`${dic.table} as parent`, 'parent.dicId', 'item.parentId')
        .select('item.label').where('parent.code', '=', field.dictionary).orderBy('item.sort').execute() : [];
      return t('file.template.choices', { choices: items.map((i) => translatedText(ctx.i18n, lang, String(i.label))).join(t('file.template.separator')) });
    }
    case 'options': case 'status':
      return t('file.template.choices', { choices: (field.options ?? []).map((o) => t(o.label)).join(t('file.template.separator')) });
    case 'switch': return t('file.template.switch');
    case 'date': return t('file.template.date');
    case 'datetime': return t('file.template.datetime');
    case 'time': return t('file.template.time');
    case 'integer': return t('file.template.integer');
    case 'number': case 'money': return t('file.template.number');
    default: return field.maxLength ? t('file.template.text', { max: field.maxLength }) : '';
  }
}

/**
 * `get{E}ImportTemplate`: an xlsx whose first row is the columns an import reads (required ones
 * in red), and a second sheet saying how to fill each one. Needs the import permission.
 */
export function importTemplateCall(entity: EntityDef): CallHandler {
  return {
    auth: 'session',
    async handle(request) {
      const principal = requirePrincipal(request);
      requirePermission(principal, entity.permissions.import);
      const { t } = request;
      const fields = importableFields(entity);
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet(t(entity.title).slice(0, 31));
      sheet.columns = fields.map((f) => ({ header: t(f.label), key: f.name, width: Math.max(14, t(f.label).length * 2 + 4) }));
      sheet.getRow(1).eachCell((cell, col) => {
        cell.font = { bold: true, color: { argb: fields[col - 1].required ? 'FFCF1322' : 'FF000000' } };
      });
      const guide = book.addWorksheet(t('file.template.guide').slice(0, 31));
      guide.columns = [
        { header: t('file.template.column'), width: 20 },
        { header: t('file.template.required'), width: 10 },
        { header: t('file.template.how'), width: 60 },
      ];
      guide.getRow(1).font = { bold: true };
      for (const field of fields) {
        guide.addRow([t(field.label), field.required ? t('runtime.value.yes') : t('runtime.value.no'), await howToFill(request.ctx, field, t, request.lang)]);
      }
      const buffer = Buffer.from(await book.xlsx.writeBuffer());
      await request.reply
        .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('Content-Disposition', contentDisposition(`${t(entity.title)}-${t('file.template.name')}.xlsx`))
        .send(buffer);
      return REPLY_SENT;
    },
  };
}
