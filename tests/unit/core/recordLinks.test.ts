import { describe, expect, it } from 'vitest';
import { desktopRecordPath, parseRecordLink, recordRouteFor } from '../../../runtime/core/links';
import type { MenuNode } from '../../../runtime/core/menu';

const MENU: MenuNode[] = [
  { name: 'office', path: '/office', component: 'layout', meta: { type: 'dir' }, children: [
    { name: 'officeVehicleApply', path: '/office/vehicle/apply', component: 'entity', meta: { type: 'page', entity: 'OfficeVehicleApply' } },
  ] },
];

describe('record links in messages', () => {
  it('reads the page and the record a flow message names', () => {
    expect(parseRecordLink('/app/office/vehicle/apply/details?applyId=A%201')).toEqual({ menuPath: '/office/vehicle/apply', param: 'applyId', id: 'A 1' });
  });

  it('refuses what is not one record of one page', () => {
    for (const link of ['/office/vehicle/apply/details?id=1', '/app/office/vehicle/apply?applyId=1', '/app/office/vehicle/apply/details',
      '/app/office/vehicle/apply/details?applyId=', '/app/x/details?a=1&b=2', '/app/details?a=1']) {
      expect(parseRecordLink(link), link).toBeNull();
    }
  });

  it('opens the record through the page of the user\'s menu that shows its entity, on the desktop details screen', () => {
    const link = parseRecordLink('/app/office/vehicle/apply/details?applyId=42')!;
    const route = recordRouteFor(MENU, link);
    expect(route).toMatchObject({ entity: 'OfficeVehicleApply', basePath: '/office/vehicle/apply' });
    expect(desktopRecordPath(route!, link)).toBe('/office/vehicle/apply/details?id=42');
    expect(recordRouteFor(MENU, parseRecordLink('/app/hr/contract/details?contractId=1')!)).toBeNull();
  });
});
