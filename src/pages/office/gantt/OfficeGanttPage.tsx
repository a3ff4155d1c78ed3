import { Alert, Button, Card, DatePicker, Form, Input, Modal, Select, Space, Spin } from 'antd';
import { Gantt, Willow, type IApi } from '@svar-ui/react-gantt';
import '@svar-ui/react-gantt/all.css';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../../request';
import { fromChartDates, toChartLinks, toChartTasks, type GanttData, type TaskRow } from './ganttRows';
import styles from './officeGantt.module.css';

interface NewTaskForm { title: string; taskType: TaskRow['taskType']; dates: [Dayjs, Dayjs]; parentId?: string }

/**
 * 甘特图: the tasks the user may read on SVAR's Gantt (MIT), behind our own task and link tables.
 * Dragging a bar or its progress saves through updateOfficeTask with the row version read; drawing
 * a link saves insertOfficeGanttLink, deleting one deleteOfficeGanttLink. The chart changes only
 * after the server said yes: every answer reloads the data, so a refusal (no permission, stale
 * version, a link the server refuses) puts the bar or link back where the server has it.
 */
export function OfficeGanttPage() {
  const { t } = useTranslation();
  const [data, setData] = useState<GanttData | null>(null);
  const [creating, setCreating] = useState(false);
  const [form] = Form.useForm<NewTaskForm>();
  const apiRef = useRef<IApi | null>(null);
  const rowsRef = useRef<Map<string, TaskRow>>(new Map());

  const load = useCallback(async () => {
    const answer = await request.get<GanttData>('/get/office/getOfficeGanttData');
    rowsRef.current = new Map(answer.data.tasks.map((task) => [task.taskId, task]));
    setData(answer.data);
  }, []);
  useEffect(() => { void load(); }, [load]);

  // Whatever the server answers, the chart shows what is stored afterwards.
  const save = useCallback(async (call: () => Promise<unknown>) => {
    try { await call(); } catch { /* the request layer has shown the refusal */ }
    await load();
  }, [load]);

  const init = useCallback((api: IApi) => {
    apiRef.current = api;
    // Open on today, not on the earliest task: what is under way matters most.
    api.exec('scroll-chart', { date: dayjs().subtract(3, 'day').toDate() });
    api.intercept('update-task', (ev) => {
      if (ev.inProgress) return true;
      const row = rowsRef.current.get(String(ev.id));
      if (!row) return false;
      const task = { ...api.getTask(ev.id), ...ev.task };
      const dates = fromChartDates(task.start as Date, task.end as Date | undefined, row.taskType);
      const progress = Math.round(Number(task.progress ?? row.progress ?? 0));
      if (dates.startDate === row.startDate && dates.endDate === row.endDate && progress === (row.progress ?? 0)) return true;
      void save(() => request.post('/set/office/updateOfficeTask', { taskId: row.taskId, rowVersion: row.rowVersion, ...dates, progress }));
      return true;
    });
    api.intercept('add-link', (ev) => {
      const { source, target, type } = ev.link;
      void save(() => request.post('/set/office/insertOfficeGanttLink', { source: String(source), target: String(target), linkType: type ?? 'e2s' }));
      return false;
    });
    api.intercept('delete-link', (ev) => {
      void save(() => request.post('/set/office/deleteOfficeGanttLink', { id: String(ev.id) }));
      return false;
    });
    // Tasks are made and removed on our own form and list (permissions, owner fields, flow).
    api.intercept('add-task', () => false);
    api.intercept('delete-task', () => false);
    api.intercept('show-editor', () => false);
  }, [save]);

  const columns = useMemo(() => [
    { id: 'text', header: t('entity.OfficeTask.field.title'), flexgrow: 2 },
    { id: 'start', header: t('entity.OfficeTask.field.startDate'), align: 'center' as const, width: 100,
      template: (value: Date) => dayjs(value).format('YYYY-MM-DD') },
    { id: 'leader', header: t('entity.OfficeTask.field.leader'), align: 'center' as const, width: 80 },
  ], [t]);
  const scales = useMemo(() => [
    { unit: 'month' as const, step: 1, format: (date: Date) => dayjs(date).format(t('officeDaily.gantt.monthFormat')) },
    { unit: 'day' as const, step: 1, format: (date: Date) => dayjs(date).format('D') },
  ], [t]);
  const tasks = useMemo(() => (data ? toChartTasks(data.tasks) : []), [data]);
  const links = useMemo(() => (data ? toChartLinks(data.links) : []), [data]);

  const create = async () => {
    const values = await form.validateFields();
    const [start, end] = values.dates;
    await save(() => request.post('/set/office/insertOfficeTask', {
      title: values.title, taskType: values.taskType, parentId: values.parentId ?? '',
      startDate: start.format('YYYY-MM-DD'), endDate: (values.taskType === 'milestone' ? start : end).format('YYYY-MM-DD'),
    }));
    setCreating(false);
    form.resetFields();
  };
  const zoom = (dir: number) => apiRef.current?.exec('zoom-scale', { dir });

  return (
    <Card title={t('menu.officeTaskGantt')} extra={(
      <Space>
        <Button onClick={() => zoom(1)} data-testid="gantt-zoom-in">{t('officeDaily.gantt.zoomIn')}</Button>
        <Button onClick={() => zoom(-1)} data-testid="gantt-zoom-out">{t('officeDaily.gantt.zoomOut')}</Button>
        <Button type="primary" onClick={() => setCreating(true)} data-testid="gantt-new-task">{t('officeDaily.gantt.newTask')}</Button>
      </Space>
    )}>
      {data?.truncated ? <Alert type="warning" showIcon message={t('officeDaily.gantt.truncated')} className={styles.notice} /> : null}
      <p className={styles.hint}>{t('officeDaily.gantt.hint')}</p>
      {data ? (
        <div className={styles.chart} data-testid="office-gantt">
          {/* Willow is SVAR's light theme: without it the bars have no colours. */}
          <Willow>
            <Gantt init={init} tasks={tasks} links={links} scales={scales} columns={columns} cellWidth={32} cellHeight={36} zoom />
          </Willow>
        </div>
      ) : <Spin />}
      <Modal open={creating} title={t('officeDaily.gantt.newTask')} onOk={() => void create()} onCancel={() => setCreating(false)}
        okButtonProps={{ 'data-testid': 'gantt-new-task-ok' } as Record<`data-${string}`, string>} destroyOnHidden>
        <Form form={form} layout="vertical" initialValues={{ taskType: 'task', dates: [dayjs(), dayjs().add(4, 'day')] }}>
          <Form.Item name="title" label={t('entity.OfficeTask.field.title')} rules={[{ required: true, message: t('validation.required') }]}>
            <Input data-testid="gantt-new-task-title" maxLength={100} />
          </Form.Item>
          <Form.Item name="taskType" label={t('entity.OfficeTask.field.taskType')}>
            <Select options={(['task', 'summary', 'milestone'] as const).map((value) => ({ value, label: t(`entity.OfficeTask.taskType.${value}`) }))} />
          </Form.Item>
          <Form.Item name="parentId" label={t('entity.OfficeTask.field.parentId')}>
            <Select allowClear options={(data?.tasks ?? []).filter((task) => task.taskType !== 'milestone').map((task) => ({ value: task.taskId, label: task.title }))} />
          </Form.Item>
          <Form.Item name="dates" label={`${t('entity.OfficeTask.field.startDate')} / ${t('entity.OfficeTask.field.endDate')}`} rules={[{ required: true, message: t('validation.required') }]}>
            <DatePicker.RangePicker />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
