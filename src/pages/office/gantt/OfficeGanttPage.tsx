import { Button, Card, DatePicker, Form, Input, Modal, Select, Spin } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GANTT_SOURCES, ganttCalls } from '../../../../runtime/core/gantt/ganttSources';
import { GanttChart } from '../../../../runtime/react/widgets/gantt/GanttChart';
import type { TaskRow } from '../../../../runtime/react/widgets/gantt/ganttRows';
import { useGanttData } from '../../../../runtime/react/widgets/gantt/useGanttData';
import { request } from '../../../request';

interface NewTaskForm { title: string; taskType: TaskRow['taskType']; dates: [Dayjs, Dayjs]; parentId?: string }

const CALLS = ganttCalls('office', 'OfficeTask', GANTT_SOURCES.OfficeTask);

/**
 * 甘特图: every task the user may read on the chart (runtime/react/widgets/gantt/GanttChart.tsx:
 * drag, resize, progress, links, zoom, milestones, each change saved on the server), and a new
 * task made from here. The same chart shows one task's breakdown on its details screen (the
 * `gantt` widget on OfficeTask.parentId).
 */
export function OfficeGanttPage() {
  const { t } = useTranslation();
  const [creating, setCreating] = useState(false);
  const [form] = Form.useForm<NewTaskForm>();
  const { load, reload } = useGanttData(CALLS.data);

  const create = async () => {
    const values = await form.validateFields();
    const [start, end] = values.dates;
    try {
      await request.post('/set/office/insertOfficeTask', {
        title: values.title, taskType: values.taskType, parentId: values.parentId ?? '',
        startDate: start.format('YYYY-MM-DD'), endDate: (values.taskType === 'milestone' ? start : end).format('YYYY-MM-DD'),
      });
      setCreating(false);
      form.resetFields();
    } catch { /* the request layer has shown the refusal; the form stays open to correct it */ }
    await reload();
  };

  return (
    <Card title={t('menu.officeTaskGantt')} extra={(
      <Button type="primary" onClick={() => setCreating(true)} data-testid="gantt-new-task">{t('officeDaily.gantt.newTask')}</Button>
    )}>
      {load ? (
        <div data-testid="office-gantt">
          <GanttChart calls={CALLS} load={load} reload={reload} height="max(420px, calc(100vh - 300px))" />
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
            <Select allowClear options={(load?.data.tasks ?? []).filter((task) => task.taskType !== 'milestone').map((task) => ({ value: task.taskId, label: task.title }))} />
          </Form.Item>
          <Form.Item name="dates" label={`${t('entity.OfficeTask.field.startDate')} / ${t('entity.OfficeTask.field.endDate')}`} rules={[{ required: true, message: t('validation.required') }]}>
            <DatePicker.RangePicker />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
