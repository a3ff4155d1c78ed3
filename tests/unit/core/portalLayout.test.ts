import { describe, expect, it } from 'vitest';
import {
  checkPortalLayout, choiceSetting, closeGaps, integerSetting, knownWidgetSettings, PortalLayoutError, reduceLayoutHistory,
  startHistory, switchSetting, WIDGET_SETTINGS, type PortalCell,
} from '../../../runtime/core/portal';

const KNOWN = new Set(['notices', 'unreadMail', 'quickLinks', 'pendingInfo', 'myCalendar']);
const cell = (widgetCode: string, x: number, y: number, w: number, h: number, settings?: unknown) => ({ widgetCode, title: '', x, y, w, h, settings });

function fault(run: () => unknown): { code: string; params: Record<string, unknown> } {
  try {
    run();
  } catch (error) {
    if (error instanceof PortalLayoutError) return { code: error.code, params: error.params };
    throw error;
  }
  throw new Error('no fault');
}

describe('portal layout (runtime/core/portal)', () => {
  it('reads the settings a widget declares, numbers and switches from text, blanks left out', () => {
    const [notices, pending] = checkPortalLayout(JSON.stringify([
      cell('notices', 0, 0, 12, 6, { count: '4', noticeType: '' }),
      cell('pendingInfo', 12, 0, 12, 6, { processKey: 'leave', records: 0 }),
    ]), KNOWN);
    expect(notices.settings).toEqual({ count: 4 });
    expect(pending.settings).toEqual({ processKey: 'leave', records: false });
  });

  it('names the fault: a setting undeclared, out of bounds, of the wrong kind, or on a widget without settings', () => {
    expect(fault(() => checkPortalLayout([cell('notices', 0, 0, 12, 6, { colour: 'red' })], KNOWN))).toEqual({ code: 'unknownSetting', params: { code: 'notices', name: 'colour' } });
    expect(fault(() => checkPortalLayout([cell('notices', 0, 0, 12, 6, { count: 21 })], KNOWN)))
      .toEqual({ code: 'badSetting', params: { code: 'notices', setting: 'portal.setting.count', min: 1, max: 20 } });
    expect(fault(() => checkPortalLayout([cell('pendingInfo', 0, 0, 12, 6, { processKey: 'no spaces' })], KNOWN)).code).toBe('badChoice');
    expect(fault(() => checkPortalLayout([cell('quickLinks', 0, 0, 12, 6, { count: 1 })], KNOWN))).toEqual({ code: 'noSettings', params: { code: 'quickLinks' } });
    expect(fault(() => checkPortalLayout([cell('notices', 0, 0, 12, 6, '[1]')], KNOWN)).code).toBe('badSettings');
    expect(fault(() => checkPortalLayout([cell('notices', 0, 0, 12, 6), cell('unreadMail', 6, 3, 12, 6)], KNOWN)).code).toBe('overlap');
  });

  it('reads stored settings leniently: defaults for what is missing or out of bounds', () => {
    expect(integerSetting('notices', undefined, 'count')).toBe(6);
    expect(integerSetting('notices', { count: 99 }, 'count')).toBe(6);
    expect(integerSetting('myCalendar', { days: 5 }, 'days')).toBe(5);
    expect(choiceSetting('notices', { noticeType: 'rules' }, 'noticeType', 'dictionary')).toBe('rules');
    expect(switchSetting('pendingInfo', {}, 'records')).toBe(true);
    expect(knownWidgetSettings('notices', { count: 3, colour: 'red', noticeType: 7 })).toEqual({ count: 3, noticeType: '7' });
    expect(() => integerSetting('notices', {}, 'days')).toThrow(/declares no integer setting days/);
    // Every declared integer's default lies within its bounds.
    for (const fields of Object.values(WIDGET_SETTINGS)) {
      for (const field of fields) if (field.kind === 'integer') expect(field.default).toBeGreaterThanOrEqual(field.min);
    }
  });

  it('closes the gap a left-out cell leaves in its row band', () => {
    const cells: PortalCell[] = [cell('notices', 0, 0, 8, 6, {}), cell('unreadMail', 16, 0, 8, 6, {})] as PortalCell[];
    const shown = closeGaps(cells, [cell('quickLinks', 8, 0, 8, 6, {}) as PortalCell]);
    expect(shown.map((c) => [c.widgetCode, c.x, c.w])).toEqual([['notices', 0, 16], ['unreadMail', 16, 8]]);
  });
});

describe('the designer\'s undo history', () => {
  const a = [{ x: 0 }];
  const b = [{ x: 1 }];
  const c = [{ x: 2 }];

  it('takes a change reported twice (the end of a drag) as one step, and a change to nothing as none', () => {
    let h = startHistory(a);
    h = reduceLayoutHistory(h, { type: 'change', layout: b });
    h = reduceLayoutHistory(h, { type: 'change', layout: [{ x: 1 }] });
    expect(h.past).toEqual([a]);
    h = reduceLayoutHistory(h, { type: 'undo' });
    expect(h.present).toEqual(a);
    h = reduceLayoutHistory(h, { type: 'redo' });
    expect(h.present).toEqual(b);
  });

  it('merges keystrokes of one box into one step until the box is left or an undo', () => {
    let h = startHistory(a);
    h = reduceLayoutHistory(h, { type: 'change', layout: b, mergeKey: 'notices:title' });
    h = reduceLayoutHistory(h, { type: 'change', layout: c, mergeKey: 'notices:title' });
    expect(h.past).toEqual([a]);
    h = reduceLayoutHistory(h, { type: 'undo' });
    expect(h).toMatchObject({ present: a, future: [c] });
    h = reduceLayoutHistory(h, { type: 'change', layout: b, mergeKey: 'notices:title' });
    // A change after an undo starts a new step and drops what could be redone.
    expect(h).toMatchObject({ past: [a], present: b, future: [] });
    // The box left and typed into again: another step.
    h = reduceLayoutHistory(h, { type: 'seal' });
    h = reduceLayoutHistory(h, { type: 'change', layout: c, mergeKey: 'notices:title' });
    expect(h.past).toEqual([a, b]);
  });
});
