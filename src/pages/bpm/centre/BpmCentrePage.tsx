import { PlusOutlined, CheckOutlined } from '@ant-design/icons';
import { Badge, Button, Card, Input, Modal, Space, Tabs } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { RuntimeProvider, useRuntime } from '../../../../runtime/react';
import { useFeedback } from '../../../../runtime/react/feedback/useFeedback';
import { useRuntimeServices } from '../../../runtime/useRuntimeServices';
import { BPM_ADMIN_PERMISSION, CENTRE_TABS, LIST_CALLS, MONITOR, readPath, taskPath, type CentreRow, type CentreTab, type TodoCount } from './bpmCalls';
import { CentreList } from './CentreList';
import { MonitorTab } from './MonitorTab';
import { StartProcessDrawer } from './StartProcessDrawer';

/**
 * 流程中心 at /bpm/center: 待办 / 已办 / 我发起的 / 抄送我的 / 草稿 with counts, search, paging, 批量同意 and
 * 发起流程; process administrators also get 流程监控 (every request, 终止).
 */
export function BpmCentrePage() {
  const services = useRuntimeServices();
  return (
    <RuntimeProvider services={services}>
      <Centre />
    </RuntimeProvider>
  );
}

interface ListState { rows: CentreRow[]; total: number; loading: boolean }

/** Where a row opens: a task on its task screen, a request on the read screen, a saved draft in the start drawer. */
export function rowPath(tab: CentreTab, row: CentreRow): string | null {
  if (row.draftId) return null;
  if (row.taskId && (tab === 'todo' || tab === 'draft')) return taskPath(row.taskId);
  if (row.taskId && tab === 'cc') return `/bpm/handle/read?taskId=${encodeURIComponent(row.taskId)}`;
  return row.instanceId ? readPath(row.instanceId) : null;
}

function Centre() {
  const { t } = useTranslation();
  const { request, hasPermission } = useRuntime();
  const navigate = useNavigate();
  const { message } = useFeedback();
  const [tab, setTab] = useState<CentreTab | typeof MONITOR>('todo');
  // The holders of the process administration permission (who also terminate on the server).
  const monitors = hasPermission(BPM_ADMIN_PERMISSION);
  const [keyword, setKeyword] = useState('');
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const [list, setList] = useState<ListState>({ rows: [], total: 0, loading: true });
  const [counts, setCounts] = useState<Partial<Record<CentreTab, number>>>({});
  const [selected, setSelected] = useState<string[]>([]);
  const [starting, setStarting] = useState<{ draftId?: string } | null>(null);
  const [reload, setReload] = useState(0);

  useEffect(() => {
    if (tab === MONITOR) return undefined;
    let live = true;
    setList((current) => ({ ...current, loading: true }));
    void request.get<{ list: CentreRow[]; total: number }>(LIST_CALLS[tab], { page: paging.page, pageSize: paging.pageSize, keyword })
      .then((answer) => { if (live) setList({ rows: answer.data.list, total: answer.data.total, loading: false }); })
      .catch(() => { if (live) setList({ rows: [], total: 0, loading: false }); });
    return () => { live = false; };
  }, [request, tab, paging, keyword, reload]);

  // The badges: the desk's numbers (open to-dos, unread CC, drafts) and the totals of the two history lists.
  useEffect(() => {
    void request.get<TodoCount>('/get/bpm/getTodoCount', {}, { quiet: true }).then((answer) => setCounts((c) => ({ ...c, ...answer.data })));
    for (const other of ['done', 'started'] as const) {
      void request.get<{ total: number }>(LIST_CALLS[other], { pageSize: 1 }, { quiet: true }).then((answer) => setCounts((c) => ({ ...c, [other]: answer.data.total })));
    }
  }, [request, reload]);

  const refresh = useCallback(() => { setSelected([]); setReload((n) => n + 1); }, []);

  const open = (row: CentreRow) => {
    if (row.draftId) { setStarting({ draftId: row.draftId }); return; }
    if (tab === MONITOR) return; // 流程监控 opens its own rows (MonitorTab)
    const path = rowPath(tab, row);
    if (path) navigate(path);
  };

  const deleteDraft = async (row: CentreRow) => {
    await request.post('/set/bpm/deleteDraft', { draftId: row.draftId });
    message.success(t('bpmCentre.draftDeleted'));
    refresh();
  };

  const batchAgree = () => {
    if (selected.length === 0) { message.warning(t('bpmCentre.batchAgreeNone')); return; }
    Modal.confirm({
      title: t('bpmCentre.batchAgreeConfirm', { count: selected.length }),
      okButtonProps: { 'data-testid': 'batch-agree-ok' } as Record<string, string>,
      onOk: async () => {
        const answer = await request.post<{ agreed: string[]; refused: { title: string; message: string }[] }>('/set/bpm/batchAgree', { taskIds: selected.join(',') });
        const { agreed, refused } = answer.data;
        if (refused.length === 0) message.success(t('bpmCentre.batchAgreeDone', { agreed: agreed.length, refused: 0 }));
        else Modal.warning({
          title: t('bpmCentre.batchAgreeDone', { agreed: agreed.length, refused: refused.length }),
          content: <ul>{refused.map((r, i) => <li key={i}>{r.title}：{r.message}</li>)}</ul>,
        });
        refresh();
      },
    });
  };

  return (
    <Card data-testid="bpm-centre"
      title={t('bpmCentre.title')}
      extra={<Button type="primary" icon={<PlusOutlined />} data-testid="centre-start" onClick={() => setStarting({})}>{t('bpmCentre.startProcess')}</Button>}>
      <Tabs
        activeKey={tab}
        onChange={(key) => { setTab(key as CentreTab | typeof MONITOR); setSelected([]); setPaging((p) => ({ ...p, page: 1 })); }}
        items={[
          ...CENTRE_TABS.map((key) => ({
            key,
            label: (
              <span data-testid={`centre-tab-${key}`}>
                {t(`bpmCentre.tab.${key}`)}{' '}
                <Badge count={counts[key] ?? 0} showZero overflowCount={999} color={key === 'todo' ? undefined : '#bfbfbf'} data-testid={`centre-count-${key}`} />
              </span>
            ),
          })),
          ...(monitors ? [{ key: MONITOR, label: <span data-testid="centre-tab-monitor">{t('bpmMonitor.tab')}</span> }] : []),
        ]}
      />
      {tab === MONITOR ? <MonitorTab /> : (
        <>
          <Space style={{ marginBottom: 12 }} wrap>
            <Input.Search allowClear style={{ width: 280 }} placeholder={t('bpmCentre.keyword')} data-testid="centre-keyword"
              onSearch={(value) => { setKeyword(value.trim()); setPaging((p) => ({ ...p, page: 1 })); }} />
            {tab === 'todo' && (
              <Button icon={<CheckOutlined />} disabled={selected.length === 0} data-testid="centre-batch-agree" onClick={batchAgree}>
                {t('bpmCentre.batchAgree')}{selected.length > 0 ? ` (${selected.length})` : ''}
              </Button>
            )}
          </Space>
          <CentreList
            tab={tab} rows={list.rows} total={list.total} loading={list.loading} page={paging.page} pageSize={paging.pageSize}
            selected={selected} onSelect={setSelected} onPage={(page, pageSize) => setPaging({ page, pageSize })}
            onOpen={open} onDeleteDraft={(row) => { void deleteDraft(row); }}
          />
        </>
      )}
      <StartProcessDrawer open={starting !== null} draftId={starting?.draftId}
        onClose={(changed) => { setStarting(null); if (changed) refresh(); }} />
    </Card>
  );
}
