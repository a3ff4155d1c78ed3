import { Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../../../runtime/react';
import { insertProcess, type ProcessRow } from './designerCalls';
import { emptyDefinition } from './definitionGraph';

interface Values { processKey: string; processName: string; category?: string }

/** A new process: key, name and category; the draft starts with a start and an end node. */
export function NewProcessForm({ onCreated }: { onCreated(row: ProcessRow): void }) {
  const { t } = useTranslation();
  const { request, hasPermission } = useRuntime();
  const [busy, setBusy] = useState(false);
  const submit = async (values: Values) => {
    setBusy(true);
    try {
      const definition = emptyDefinition(values.processKey, values.processName, t('bpm.designer.kind.start'), t('bpm.designer.kind.end'));
      onCreated(await insertProcess(request, { ...values, definition: JSON.stringify(definition) }));
    } catch {
      // The request layer has shown the server's message (a taken key, a missing grant).
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title={t('bpm.designer.newTitle')} style={{ maxWidth: 560 }}>
      <Form<Values> layout="vertical" onFinish={submit} disabled={!hasPermission('bpm:BpmProcess:insert')}>
        <Form.Item name="processKey" label={t('entity.BpmProcess.field.processKey')} rules={[
          { required: true, message: t('bpm.designer.required') },
          { pattern: /^[a-zA-Z][A-Za-z0-9_]*$/, message: t('entity.BpmProcess.rule.processKey') },
        ]}>
          <Input maxLength={60} data-testid="designer-new-key" />
        </Form.Item>
        <Form.Item name="processName" label={t('entity.BpmProcess.field.processName')} rules={[{ required: true, message: t('bpm.designer.required') }]}>
          <Input maxLength={100} data-testid="designer-new-name" />
        </Form.Item>
        <Form.Item name="category" label={t('entity.BpmProcess.field.category')}>
          <Input maxLength={50} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy} data-testid="designer-new-submit">{t('bpm.designer.create')}</Button>
      </Form>
    </Card>
  );
}
