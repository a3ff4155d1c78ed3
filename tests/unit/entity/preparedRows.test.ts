import { describe, expect, it } from 'vitest';
import { PreparedRows } from '../../../server/entity/preparedRows';

describe('PreparedRows (an import\'s checked rows waiting for the write)', () => {
  it('gives back every row in order, across sealed slices and the open one, text with line breaks and Chinese intact', () => {
    const prepared = new PreparedRows();
    const rows = Array.from({ length: 7 }, (_, i) => ({ contractNo: `HT${i}`, remark: i === 2 ? '续签\n第二行\r\n"引号"\u2028' : `备注${i}`, amount: i * 1.5, renewFlag: i % 2 === 0, dept: null }));
    rows.slice(0, 3).forEach((row) => prepared.push(row));
    prepared.seal();
    prepared.seal();
    rows.slice(3, 6).forEach((row) => prepared.push(row));
    prepared.seal();
    prepared.push(rows[6]);
    expect(prepared.length).toBe(7);
    expect([...prepared.rows()]).toEqual(rows);
    // Reading does not consume: the writer may be asked again (a retried transaction).
    expect([...prepared.rows()]).toEqual(rows);
  });

  it('keeps nothing once cleared, and counts from nothing again', () => {
    const prepared = new PreparedRows();
    prepared.push({ a: 1 });
    prepared.seal();
    prepared.push({ a: 2 });
    prepared.clear();
    expect(prepared.length).toBe(0);
    expect([...prepared.rows()]).toEqual([]);
    prepared.push({ a: 3 });
    expect([...prepared.rows()]).toEqual([{ a: 3 }]);
  });
});
