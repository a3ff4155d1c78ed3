import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataStore, normalizeZoom, type IApi } from '@svar-ui/gantt-store';
import { writable } from '@svar-ui/lib-react';
import { buildRegistry, customWidgetDeclaration, SchemaError, type FieldDef, type SchemaSource } from '../../../runtime/core/schema';
import { GANTT_SOURCES, ganttCalls } from '../../../runtime/core/gantt/ganttSources';
import { readSchemaSources } from '../../../server/schema/loadRegistry';
import { bindGanttEvents, type GanttChanges } from '../../../runtime/react/widgets/gantt/bindGanttEvents';
import { fromChartDates, toChartTasks, type TaskRow } from '../../../runtime/react/widgets/gantt/ganttRows';
import { ganttWidgetProps } from '../../../runtime/react/widgets/gantt/ganttWidgetProps';
import { DEFAULT_ZOOM, ZOOM_LEVELS, zoomConfig } from '../../../runtime/react/widgets/gantt/ganttZoom';
import type { EntitySchemaBundle } from '../../../runtime/react/schema/EntitySchemaBundle';

const registry = buildRegistry(readSchemaSources(path.resolve('schemas')));
const officeTask = registry.entities.get('OfficeTask')!;
const taskReference = { base: 'office', key: 'taskId', labelField: 'title', title: 'entity.OfficeTask.title', parentField: 'parentId' };

describe('the gantt widget declaration', () => {
  const gantt = customWidgetDeclaration('gantt')!;
  const field = (extra: Partial<FieldDef>): FieldDef => ({ name: 'plan', label: 'x', type: 'reference', entity: 'OfficeTask', ...extra });

  it('holds one task of a Gantt task entity, nothing else', () => {
    expect(gantt.accepts(field({}))).toBe(true);
    expect(gantt.accepts(field({ multiple: true }))).toBe(false);
    expect(gantt.accepts(field({ entity: 'OfficeMeetingRoom' }))).toBe(false);
    expect(gantt.accepts(field({ type: 'string', entity: undefined }))).toBe(false);
    expect(gantt.expects).toBe('a single reference to a Gantt task entity (OfficeTask)');
  });

  it('is placed by the task schema on its parent field, and the load refuses it on any other reference', () => {
    expect(officeTask.form.layout[0]).toMatchObject({ kind: 'grid' });
    const items = JSON.stringify(officeTask.form.layout);
    expect(items).toContain('"field":"parentId","tips":"entity.OfficeTask.tips.parentId","widget":"gantt"');
    expect(officeTask.details.sections.find((s) => s.fields.includes('parentId'))).toMatchObject({ title: 'entity.OfficeTask.section.breakdown', columns: 1 });

    const demo: SchemaSource[] = [
      { file: 'schemas/demo/module.json', module: 'demo', kind: 'module', doc: { formatVersion: 1, name: 'demo', title: 'module.demo.title', base: 'demo', menus: [] } },
      { file: 'schemas/demo/DemoThing.json', module: 'demo', kind: 'entity', doc: {
        formatVersion: 1, name: 'DemoThing', title: 'entity.DemoThing.title', table: 'demo_thing', key: 'thingId', parentField: 'parentId',
        fields: [{ name: 'title', type: 'string', required: true }, { name: 'parentId', type: 'reference', entity: 'DemoThing' }],
        form: { layout: [{ kind: 'field', field: 'title' }, { kind: 'field', field: 'parentId', widget: 'gantt' }] },
      } },
    ];
    let error: unknown;
    try { buildRegistry(demo); } catch (caught) { error = caught; }
    expect(error).toBeInstanceOf(SchemaError);
    expect((error as SchemaError).message).toBe('schemas/demo/DemoThing.json at /form/layout/1/widget: gantt only on a single reference to a Gantt task entity (OfficeTask); "parentId" is neither');
  });

  it('reads its calls from the referred entity, and knows a task\'s own parent field from a reference of another entity', () => {
    const bundle: EntitySchemaBundle = { entity: officeTask, base: 'office', references: { OfficeTask: taskReference } };
    const parentId = officeTask.fields.find((f) => f.name === 'parentId')!;
    expect(ganttWidgetProps({ bundle, field: parentId })).toEqual({
      path: '/get/office/getOfficeTaskTree',
      calls: { data: '/get/office/getOfficeGanttData', update: '/set/office/updateOfficeTask', insertLink: '/set/office/insertOfficeGanttLink', deleteLink: '/set/office/deleteOfficeGanttLink' },
      ownParent: true,
      recordKey: 'taskId',
    });
    // A project (another entity) naming its plan: the chart shows the plan's breakdown, never the project's own.
    const project = { ...officeTask, name: 'DemoProject', key: 'projectId', parentField: undefined };
    expect(ganttWidgetProps({ bundle: { ...bundle, entity: project }, field: { ...parentId, name: 'plan' } })).toMatchObject({ ownParent: false, recordKey: 'projectId' });
    expect(ganttCalls('pm', 'PmTask', GANTT_SOURCES.OfficeTask).update).toBe('/set/pm/updatePmTask');
  });
});

describe('our rows on the chart', () => {
  const row = (values: Partial<TaskRow>): TaskRow => ({
    taskId: 'a', parentId: null, title: 'A', taskType: 'task', startDate: '2031-05-01', endDate: '2031-05-03', progress: 10, status: 'doing', rowVersion: 0, ...values,
  });

  it('ends a bar the day after our inclusive end, and reads the chart\'s dates back', () => {
    const [bar] = toChartTasks([row({})]);
    expect([bar.start.getDate(), bar.end.getDate()]).toEqual([1, 4]);
    expect(fromChartDates(bar.start, bar.end, 'task')).toEqual({ startDate: '2031-05-01', endDate: '2031-05-03' });
    expect(fromChartDates(bar.start, undefined, 'milestone')).toEqual({ startDate: '2031-05-01', endDate: '2031-05-01' });
  });

  it('puts parents first and a task whose parent is hidden at the top level', () => {
    const tasks = toChartTasks([row({ taskId: 'c', parentId: 'p' }), row({ taskId: 'p', taskType: 'summary' }), row({ taskId: 'x', parentId: 'hidden' })]);
    expect(tasks.map((t) => [t.id, t.parent, 'open' in t])).toEqual([['p', 0, true], ['c', 'p', false], ['x', 0, false]]);
  });

  it('zooms a whole level per step: months, weeks, days, each with one cell width', () => {
    const config = zoomConfig(DEFAULT_ZOOM, (key) => key);
    expect(ZOOM_LEVELS[config.level!]).toBe('day');
    expect(config.levels!.map((level) => [level.scales.at(-1)!.unit, level.minCellWidth === level.maxCellWidth])).toEqual([['month', true], ['week', true], ['day', true]]);
  });
});

/**
 * The chart's events on SVAR's real store (the one @svar-ui/react-gantt runs in the browser), with
 * our handlers bound as the page binds them: what a drag, a resize, a progress drag, a link and a
 * zoom become.
 */
describe('saving what is done on the chart', () => {
  const day = (text: string) => new Date(`${text}T00:00:00`);
  const rows = new Map<string, TaskRow>([
    ['p', { taskId: 'p', parentId: null, title: 'P', taskType: 'summary', startDate: '2031-05-01', endDate: '2031-05-10', progress: 0, status: 'doing', rowVersion: 3 }],
    ['a', { taskId: 'a', parentId: 'p', title: 'A', taskType: 'task', startDate: '2031-05-01', endDate: '2031-05-03', progress: 10, status: 'doing', rowVersion: 5 }],
    ['m', { taskId: 'm', parentId: 'p', title: 'M', taskType: 'milestone', startDate: '2031-05-08', endDate: '2031-05-08', progress: 0, status: 'doing', rowVersion: 1 }],
  ]);

  const chart = () => {
    const store = new DataStore(writable);
    // As the React component does: the zoom configuration gives the scales and the cell width.
    const zoom = zoomConfig(DEFAULT_ZOOM, (key) => key);
    store.init({
      tasks: toChartTasks([...rows.values()]), links: [{ id: 'l1', source: 'a', target: 'm', type: 'e2s' }],
      ...normalizeZoom(zoom, {}, zoom.levels![DEFAULT_ZOOM].scales, 100), durationUnit: 'day', lengthUnit: 'day',
    });
    const api = {
      exec: store.in.exec, on: store.in.on.bind(store.in), intercept: store.in.intercept.bind(store.in),
      getTask: (id: string) => store.getTask(id), getState: () => store.getState(),
    } as unknown as IApi;
    const saved: unknown[] = [];
    const changes: GanttChanges = {
      row: (id) => rows.get(id),
      saveTask: (row, change) => saved.push(['task', row.taskId, row.rowVersion, change]),
      addLink: (link) => saved.push(['addLink', link]),
      deleteLink: (id) => saved.push(['deleteLink', id]),
      refuseSummaryDrag: () => saved.push(['refused']),
      zoomed: (level) => saved.push(['zoomed', level]),
    };
    bindGanttEvents(api, changes);
    return { api, saved };
  };

  it('saves the dates a drag and a resize leave, after SVAR applied the shift, and a progress drag when it ends', async () => {
    const { api, saved } = chart();
    const a = api.getTask('a');
    // What SVAR sends at mouse-up: the old dates and the shift in days.
    await api.exec('update-task', { id: 'a', diff: 2, task: { start: a.start, end: a.end } });
    await api.exec('update-task', { id: 'a', diff: 1, task: { end: api.getTask('a').end } });
    await api.exec('update-task', { id: 'a', task: { progress: 40 }, inProgress: true });
    await api.exec('update-task', { id: 'a', task: { progress: 55 }, inProgress: false });
    await api.exec('update-task', { id: 'm', diff: 3, task: { start: api.getTask('m').start, end: api.getTask('m').end } });
    expect(saved).toEqual([
      ['task', 'a', 5, { startDate: '2031-05-03', endDate: '2031-05-05', progress: 10 }],
      ['task', 'a', 5, { startDate: '2031-05-03', endDate: '2031-05-06', progress: 10 }],
      ['task', 'a', 5, { startDate: '2031-05-03', endDate: '2031-05-06', progress: 55 }],
      ['task', 'm', 1, { startDate: '2031-05-11', endDate: '2031-05-11', progress: 0 }],
    ]);
    // The summary keeps its own stored dates: SVAR's stretching of it over the moved subtasks is refused.
    expect([api.getTask('p').start, api.getTask('p').end]).toEqual([day('2031-05-01'), day('2031-05-11')]);
  });

  it('saves nothing for a drag that ends where it began', async () => {
    const { api, saved } = chart();
    await api.exec('update-task', { id: 'a', diff: 0, task: { start: api.getTask('a').start, end: api.getTask('a').end } });
    expect(saved).toEqual([]);
  });

  it('refuses to drag a summary with subtasks, and to reorder rows', async () => {
    const { api, saved } = chart();
    const before = api.getTask('p').$x;
    expect(before).toBeTypeOf('number');
    await api.exec('drag-task', { id: 'p', left: before + 100, width: 200, inProgress: true });
    await api.exec('drag-task', { id: 'a', top: 80, inProgress: true });
    expect(saved).toEqual([['refused']]);
    expect(api.getTask('p').$x).toBe(before);
  });

  it('saves a drawn link and a deleted one instead of drawing them, and leaves tasks to the forms', async () => {
    const { api, saved } = chart();
    await api.exec('add-link', { link: { source: 'a', target: 'm', type: 's2s' } });
    await api.exec('delete-link', { id: 'l1' });
    await api.exec('add-task', { task: { text: 'x' }, target: 'a', mode: 'after' });
    await api.exec('delete-task', { id: 'a' });
    expect(saved).toEqual([['addLink', { source: 'a', target: 'm', linkType: 's2s' }], ['deleteLink', 'l1']]);
    expect(api.getState().links.map((link) => link.id)).toEqual(['l1']);
    expect(api.getState()._tasks.map((task) => task.id)).toEqual(['p', 'a', 'm']);
  });

  it('moves a whole level per zoom step and reports the level', async () => {
    const { api, saved } = chart();
    await api.exec('zoom-scale', { dir: -1 });
    await api.exec('zoom-scale', { dir: -1 });
    await api.exec('zoom-scale', { dir: -1 });
    await api.exec('zoom-scale', { dir: 1 });
    expect(saved).toEqual([['zoomed', 1], ['zoomed', 0], ['zoomed', 0], ['zoomed', 1]]);
    expect(api.getState().scales!.at(-1)!.unit).toBe('week');
  });
});
