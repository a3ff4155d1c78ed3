import { describe, expect, it } from 'vitest';
import { addPicked, subtreeIds, togglePicked } from '../../../runtime/react/form/widgets/userPicker/pickedUsers';

const li = { value: 'u1', label: '李娜' };
const liu = { value: 'u2', label: '刘洋' };
const zhou = { value: 'u3', label: '周杰' };

describe('the user picker\'s selection', () => {
  it('toggles people in several mode and keeps the order they were chosen in', () => {
    expect(togglePicked([li], liu, true)).toEqual([li, liu]);
    expect(togglePicked([li, liu], li, true)).toEqual([liu]);
  });

  it('makes a click the one choice in single mode, and a second click keeps it', () => {
    expect(togglePicked([li], liu, false)).toEqual([liu]);
    expect(togglePicked([liu], liu, false)).toEqual([liu]);
  });

  it('adds a whole group without repeating anyone already chosen', () => {
    expect(addPicked([liu], [li, liu, zhou, li])).toEqual([liu, li, zhou]);
  });
});

describe('subtreeIds', () => {
  const tree = [
    { label: '集团', value: 'd1', children: [
      { label: '技术部', value: 'd2', children: [{ label: '前端组', value: 'd3' }, { label: '后端组', value: 'd4' }] },
      { label: '财务部', value: 'd5' },
    ] },
  ];

  it('collects a department and everything under it', () => {
    expect(subtreeIds(tree, 'd2')).toEqual(['d2', 'd3', 'd4']);
    expect(subtreeIds(tree, 'd5')).toEqual(['d5']);
    expect(subtreeIds(tree, 'd1')).toEqual(['d1', 'd2', 'd3', 'd4', 'd5']);
  });

  it('keeps an id the tree does not know (the tree may still be loading)', () => {
    expect(subtreeIds([], 'd9')).toEqual(['d9']);
  });
});
