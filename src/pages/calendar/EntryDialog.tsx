import { Alert, App, Button, Col, DatePicker, Form, Input, Modal, Popconfirm, Row, Select, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../request';
import { UserSelect } from '../../../runtime/react/form/widgets/UserSelect';
import { USER_SELECT_PATH } from '../../../runtime/react/schema/remoteSelectPath';
import { CALENDAR_ENTRY_TYPES } from '../../../runtime/core/calendar';

const FORMAT = 'YYYY-MM-DD HH:mm:ss';
const REMINDERS = ['0', '15', '30', '60', '1440'];
const REPEATS = ['none', 'daily', 'weekly', 'monthly'];

interface EntryForm {
  title: string;
  entryType: string;
  allDay: boolean;
  range: [Dayjs, Dayjs];
  location?: string;
  participants?: string;
  remindMinutes?: string;
  privateFlag: boolean;
  repeatRule: string;
  repeatUntil?: Dayjs;
  content?: string;
}

/** What the dialog edits: a new entry over a chosen slot, or a stored one of the caller's by id. */
export type EntryTarget = { kind: 'new'; start: Date; end: Date; allDay: boolean } | { kind: 'edit'; entryId: string };

interface Props {
  target: EntryTarget;
  onClose(): void;
  onSaved(): void;
}

/**
 * 新建/编辑日程: the caller's own entry through the generic calls (insertCalendarEntry,
 * updateCalendarEntry, deleteCalendarEntry), which keep entries their owner's. The server checks
 * every rule again; a refusal is shown by the request layer and the dialog stays open.
 */
export function EntryDialog({ target, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<EntryForm>();
  const [saving, setSaving] = useState(false);
  const [labels, setLabels] = useState<Record<string, string>>({});
  const [rowVersion, setRowVersion] = useState<unknown>(undefined);
  const repeatRule = Form.useWatch('repeatRule', form);
  const allDay = Form.useWatch('allDay', form);

  useEffect(() => {
    if (target.kind === 'new') {
      form.setFieldsValue({ entryType: 'work', allDay: target.allDay, range: [dayjs(target.start), dayjs(target.end)], privateFlag: false, repeatRule: 'none' });
      return;
    }
    void request.get<Record<string, unknown>>('/get/calendar/getCalendarEntryById', { id: target.entryId }).then(({ data }) => {
      setRowVersion(data.rowVersion);
      const ids = String(data.participants ?? '').split(',').filter(Boolean);
      const names = String(data.participantsName ?? '').split(',');
      setLabels(Object.fromEntries(ids.map((id, i) => [id, names[i] ?? id])));
      form.setFieldsValue({
        title: String(data.title ?? ''), entryType: String(data.entryType ?? 'work'), allDay: Number(data.allDay) === 1,
        range: [dayjs(String(data.startTime)), dayjs(String(data.endTime))], location: (data.location as string) ?? undefined,
        participants: ids.join(',') || undefined, remindMinutes: (data.remindMinutes as string) ?? undefined,
        privateFlag: Number(data.privateFlag) === 1, repeatRule: String(data.repeatRule ?? 'none'),
        repeatUntil: data.repeatUntil ? dayjs(String(data.repeatUntil)) : undefined, content: (data.content as string) ?? undefined,
      });
    }, onClose);
  }, [form, target, onClose]);

  const save = async () => {
    const values = await form.validateFields();
    const [start, end] = values.allDay ? [values.range[0].startOf('day'), values.range[1].endOf('day')] : values.range;
    const body = {
      title: values.title, entryType: values.entryType, allDay: values.allDay ? 1 : 0,
      startTime: start.format(FORMAT), endTime: end.format(FORMAT), location: values.location ?? '',
      participants: values.participants ?? '', remindMinutes: values.remindMinutes ?? '', privateFlag: values.privateFlag ? 1 : 0,
      repeatRule: values.repeatRule, repeatUntil: values.repeatRule !== 'none' && values.repeatUntil ? values.repeatUntil.format('YYYY-MM-DD') : '',
      content: values.content ?? '',
    };
    setSaving(true);
    try {
      if (target.kind === 'new') await request.post('/set/calendar/insertCalendarEntry', body);
      else await request.post('/set/calendar/updateCalendarEntry', { ...body, entryId: target.entryId, rowVersion });
      message.success(t('calendar.page.saved'));
      onSaved();
    } catch { /* shown by the request layer */ } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    if (target.kind !== 'edit') return;
    try {
      await request.post('/set/calendar/deleteCalendarEntry', { id: target.entryId });
      message.success(t('calendar.page.deleted'));
      onSaved();
    } catch { /* shown by the request layer */ }
  };

  const field = (name: string) => t(`entity.CalendarEntry.field.${name}`);
  return (
    <Modal
      open
      width={720}
      title={t(target.kind === 'new' ? 'calendar.page.new' : 'calendar.page.edit')}
      onCancel={onClose}
      data-testid="calendar-entry-dialog"
      footer={[
        target.kind === 'edit' && (
          <Popconfirm key="delete" title={t('calendar.page.deleteConfirm')} onConfirm={() => void remove()}>
            <Button danger data-testid="calendar-entry-delete">{t('calendar.page.delete')}</Button>
          </Popconfirm>
        ),
        <Button key="cancel" onClick={onClose}>{t('calendar.page.cancel')}</Button>,
        <Button key="save" type="primary" loading={saving} onClick={() => void save()} data-testid="calendar-entry-save">{t('calendar.page.save')}</Button>,
      ]}
    >
      {target.kind === 'edit' && repeatRule && repeatRule !== 'none' && <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('calendar.page.repeatingNote')} />}
      <Form form={form} layout="vertical">
        <Form.Item name="title" label={field('title')} rules={[{ required: true, whitespace: true, max: 100 }]}>
          <Input data-testid="calendar-entry-title" maxLength={100} />
        </Form.Item>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="entryType" label={field('entryType')} rules={[{ required: true }]}>
              <Select options={CALENDAR_ENTRY_TYPES.map((value) => ({ value, label: t(`entity.CalendarEntry.type.${value}`) }))} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="allDay" label={field('allDay')} valuePropName="checked"><Switch /></Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="privateFlag" label={field('privateFlag')} valuePropName="checked" tooltip={t('entity.CalendarEntry.tips.privateFlag')}><Switch /></Form.Item>
          </Col>
        </Row>
        <Form.Item name="range" label={`${field('startTime')} ~ ${field('endTime')}`} rules={[{ required: true }]}>
          <DatePicker.RangePicker showTime={!allDay} format={allDay ? 'YYYY-MM-DD' : 'YYYY-MM-DD HH:mm'} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="location" label={field('location')}><Input maxLength={200} /></Form.Item>
        <Form.Item name="participants" label={field('participants')} tooltip={t('entity.CalendarEntry.tips.participants')}>
          <UserSelect url={USER_SELECT_PATH} multiple knownLabels={labels} />
        </Form.Item>
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item name="remindMinutes" label={field('remindMinutes')} tooltip={t('entity.CalendarEntry.tips.remindMinutes')}>
              <Select allowClear options={REMINDERS.map((value) => ({ value, label: t(`entity.CalendarEntry.remind.m${value}`) }))} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="repeatRule" label={field('repeatRule')}>
              <Select options={REPEATS.map((value) => ({ value, label: t(`entity.CalendarEntry.repeat.${value}`) }))} />
            </Form.Item>
          </Col>
          <Col span={8}>
            {repeatRule && repeatRule !== 'none' && (
              <Form.Item name="repeatUntil" label={field('repeatUntil')}><DatePicker style={{ width: '100%' }} /></Form.Item>
            )}
          </Col>
        </Row>
        <Form.Item name="content" label={field('content')}><Input.TextArea rows={3} maxLength={2000} /></Form.Item>
      </Form>
    </Modal>
  );
}
