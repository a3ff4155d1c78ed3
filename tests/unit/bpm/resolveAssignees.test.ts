import { describe, expect, it } from 'vitest';
import { resolveAssignees, type Organisation } from '../../../server/modules/bpm/organisation';
import type { AssigneeRule } from '../../../runtime/core/bpm';

// root (leader: boss) > tech (leader: tina) > web (leader: wes); ann works in web.
const org: Organisation = {
  users: new Map([
    ['ann', { userId: 'ann', deptId: 'web', roleCodes: new Set(['staff']), active: true }],
    ['wes', { userId: 'wes', deptId: 'web', roleCodes: new Set(['staff']), active: true }],
    ['tina', { userId: 'tina', deptId: 'tech', roleCodes: new Set(['hr']), active: true }],
    ['boss', { userId: 'boss', deptId: 'root', roleCodes: new Set(['hr', 'gm']), active: true }],
    ['gone', { userId: 'gone', deptId: 'web', roleCodes: new Set(['hr']), active: false }],
  ]),
  depts: new Map([
    ['root', { parentId: null, leaderId: 'boss' }],
    ['tech', { parentId: 'root', leaderId: 'tina' }],
    ['web', { parentId: 'tech', leaderId: 'wes' }],
  ]),
};
const initiator = { userId: 'ann', deptId: 'web', roles: ['staff'] };

describe('resolveAssignees', () => {
  it.each<[string, AssigneeRule[], string[]]>([
    ['the leader of the initiator’s department', [{ kind: 'leader' }], ['wes']],
    ['the leader two levels up', [{ kind: 'leader', levels: 2 }], ['tina']],
    ['the leader above the top is nobody', [{ kind: 'leader', levels: 5 }], []],
    ['every active holder of a role', [{ kind: 'roles', roles: ['hr'] }], ['tina', 'boss']],
    ['the people of a department', [{ kind: 'depts', depts: ['web'] }], ['ann', 'wes']],
    ['a form field with user ids, as text', [{ kind: 'field', field: 'reviewers' }], ['tina', 'boss']],
    ['the initiator', [{ kind: 'initiator' }], ['ann']],
    ['rules add up without duplicates, inactive and unknown users left out', [{ kind: 'users', users: ['boss', 'gone', 'ghost'] }, { kind: 'roles', roles: ['gm'] }], ['boss']],
  ])('%s', (_name, rules, expected) => {
    expect(resolveAssignees(org, rules, initiator, { reviewers: 'tina, boss' })).toEqual(expected);
  });
});
