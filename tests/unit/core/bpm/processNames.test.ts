import { describe, expect, it } from 'vitest';
import zhCn from '../../../../locales/zh-cn.json';
import en from '../../../../locales/en.json';
import { readNodeNames, splitNodeNames, joinNodeNames, validateDefinition, type ProcessDefinition } from '../../../../runtime/core/bpm';
import { demoProcesses } from '../../../../server/modules/bpm/demoProcesses';
import licenceBorrow from '../../../../server/modules/office/licenceBorrowProcess.json';

/** The text a pack holds at a dotted key, or undefined when the key names no text. */
function textAt(pack: object, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), pack);
}

const seeded = [
  ...demoProcesses({ user: (a) => `u-${a}`, dept: (d) => `d-${d}` }).map((p) => ({ ...p.definition, key: p.processKey, name: p.processName, category: p.category })),
  { ...(licenceBorrow as Omit<ProcessDefinition, 'key' | 'name'>), key: 'licenceBorrow', name: 'bpm.process.licenceBorrow.name', category: 'bpm.category.admin' },
];

describe('the demo processes\' names (locales/parts/bpm-names.*.json)', () => {
  it('name the process, every node, every edge label and the category by a key both languages read', () => {
    for (const process of seeded) {
      const { key, category, ...definition } = process;
      const keys = [
        [process.name, `bpm.process.${key}.name`],
        [category, category],
        ...process.nodes.map((n) => [n.name, `bpm.process.${key}.node.${n.id}`]),
        ...process.edges.filter((e) => e.label !== undefined).map((e) => [e.label, `bpm.process.${key}.edge.${e.from}-${e.to}`]),
      ];
      for (const [stored, expected] of keys) {
        expect(stored, key).toBe(expected);
        expect(typeof textAt(zhCn, expected!), expected).toBe('string');
        expect(typeof textAt(en, expected!), expected).toBe('string');
      }
      // Keys stay valid names for the meta-schema.
      expect(validateDefinition({ ...definition, key }), key).toEqual([]);
    }
    expect(textAt(en, 'bpm.process.leave.name')).toBe('Leave request');
    expect(textAt(en, 'bpm.process.leave.node.leader')).toBe('Department leader approval');
    expect(textAt(zhCn, 'bpm.process.leave.node.leader')).toBe('部门负责人审批');
  });

  it('reads joined current steps name by name: keys translated, typed names as typed', () => {
    const joined = joinNodeNames(['bpm.process.leave.node.hr', '财务复核']);
    expect(splitNodeNames(joined)).toEqual(['bpm.process.leave.node.hr', '财务复核']);
    expect(splitNodeNames('')).toEqual([]);
    const read = (name: string) => (typeof textAt(en, name) === 'string' ? String(textAt(en, name)) : name);
    expect(readNodeNames(joined, read, ', ')).toBe('HR countersign, 财务复核');
    expect(readNodeNames(null, read, ', ')).toBe('');
  });
});
