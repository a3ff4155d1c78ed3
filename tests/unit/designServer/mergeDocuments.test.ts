import { describe, expect, it } from 'vitest';
import { mergeDocuments } from '../../../server/design/mergeDocuments';

/** The rebase of a customised entity onto a changed file (server/design/mergeDocuments.ts). */
const base = {
  name: 'OfficeAssetSort', title: 'entity.OfficeAssetSort.title',
  fields: [{ name: 'sortName', type: 'string', maxLength: 50 }, { name: 'remark', type: 'text' }],
  list: { columns: [{ prop: 'sortName', width: 200 }, { prop: 'remark' }], keywordFields: ['sortName'] },
};

describe('mergeDocuments', () => {
  it('takes what only one side changed, from either side', () => {
    const ours = { ...base, list: { ...base.list, columns: [{ prop: 'sortName', width: 333 }, { prop: 'remark' }] } };
    const theirs = { ...base, fields: [...base.fields, { name: 'code', type: 'string' }], title: 'entity.OfficeAssetSort.title2' };
    const { merged, conflicts } = mergeDocuments(base, ours, theirs);
    expect(conflicts).toEqual([]);
    expect(merged).toEqual({ ...theirs, list: ours.list });
  });

  it('places a field the file added after its neighbour, and keeps the design\'s own fields and order', () => {
    const ours = { ...base, fields: [base.fields[1], base.fields[0], { name: 'owner', type: 'user' }] };
    const theirs = { ...base, fields: [base.fields[0], { name: 'code', type: 'string' }, base.fields[1]] };
    const { merged, conflicts } = mergeDocuments(base, ours, theirs);
    expect(conflicts).toEqual([]);
    expect((merged as typeof base).fields.map((f) => f.name)).toEqual(['remark', 'sortName', 'code', 'owner']);
  });

  it('drops what the file removed unless the design changed it, and reports a clash at its pointer keeping the design\'s value', () => {
    const ours = { ...base, fields: [{ ...base.fields[0], maxLength: 80 }, base.fields[1]] };
    const theirs = { ...base, fields: [{ ...base.fields[0], maxLength: 30 }] };
    const { merged, conflicts } = mergeDocuments(base, ours, theirs);
    expect((merged as typeof base).fields).toEqual([{ name: 'sortName', type: 'string', maxLength: 80 }]);
    expect(conflicts).toEqual(['/fields/0/maxLength']);
  });

  it('a design that changed nothing becomes the file; the same change on both sides is no clash', () => {
    const theirs = { ...base, list: { ...base.list, keywordFields: ['sortName', 'remark'] } };
    expect(mergeDocuments(base, base, theirs)).toEqual({ merged: theirs, conflicts: [] });
    expect(mergeDocuments(base, theirs, theirs)).toEqual({ merged: theirs, conflicts: [] });
  });
});
