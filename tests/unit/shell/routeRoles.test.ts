import { describe, expect, it } from 'vitest';
import { routeRolesAllowed, routeTitle } from '../../../src/router/routeHandle';

describe('locally defined routes restricted by role', () => {
  it('lets through routes without roles', () => {
    expect(routeRolesAllowed([undefined, null, { title: 'x' }, { roles: [] }], [])).toBe(true);
  });

  it('requires one of the named roles on every matched route', () => {
    expect(routeRolesAllowed([{ roles: ['admin', 'hr'] }], ['hr'])).toBe(true);
    expect(routeRolesAllowed([{ roles: ['admin'] }], ['hr', 'staff'])).toBe(false);
    expect(routeRolesAllowed([{ roles: ['hr'] }, { roles: ['admin'] }], ['hr'])).toBe(false);
    expect(routeRolesAllowed([{ roles: ['admin'] }], null)).toBe(false);
  });

  it('reads titles', () => {
    expect(routeTitle({ title: 'shell.dashboard.title', roles: ['x'] })).toBe('shell.dashboard.title');
    expect(routeTitle({ title: '' })).toBeUndefined();
  });
});
