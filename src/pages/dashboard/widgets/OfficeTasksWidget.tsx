import { Empty, List, Progress, Space, Statistic, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { detailsPath } from '../../../../runtime/react/paths';
import { useWidgetData } from './useWidgetData';
import { WidgetStatus } from './WidgetStatus';

interface DeskTask { taskId: string; title: string; endDate: string | null; progress: number | null; status: string; leaderName?: string | null }
interface TaskDesk { doing: number; held: number; overdue: number; list: DeskTask[] }

/** The task page of the menu (officeTask). */
const TASK_PATH = '/office/task/manage';

/**
 * 我的任务: the reader's unfinished tasks as leader or member (getOfficeTaskDesk) — how many are
 * under way, held and overdue, and the nearest ones by end date with their progress.
 */
export function OfficeTasksWidget() {
  const { t } = useTranslation();
  const { state, reload } = useWidgetData<TaskDesk>('/get/office/getOfficeTaskDesk');
  if (state.status !== 'ready') return <WidgetStatus state={state} onRetry={reload} />;
  const { doing, held, overdue, list } = state.data;
  const today = dayjs().format('YYYY-MM-DD');
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="office-tasks">
      <Space size="large">
        <Statistic title={t('entity.OfficeTask.state.doing')} value={doing} data-testid="office-tasks-doing" />
        <Statistic title={t('entity.OfficeTask.state.held')} value={held} data-testid="office-tasks-held" />
        <Statistic title={t('desk.officeTasks.overdue')} value={overdue} valueStyle={overdue > 0 ? { color: '#cf1322' } : undefined} data-testid="office-tasks-overdue" />
      </Space>
      {list.length === 0
        ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('desk.officeTasks.none')} />
        : (
          <List size="small" dataSource={list}
            renderItem={(task) => (
              <List.Item key={task.taskId} style={{ paddingInline: 0 }} data-testid={`office-task-${task.taskId}`}
                extra={<Progress type="circle" size={32} percent={task.progress ?? 0} />}>
                <Space size={6} wrap>
                  <Link to={detailsPath(TASK_PATH, task.taskId)}>{task.title}</Link>
                  {task.status === 'held' && <Tag>{t('entity.OfficeTask.state.held')}</Tag>}
                  {task.status === 'doing' && task.endDate && task.endDate < today && <Tag color="red">{t('desk.officeTasks.overdue')}</Tag>}
                  {task.endDate && <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('desk.officeTasks.due', { date: task.endDate })}</Typography.Text>}
                </Space>
              </List.Item>
            )} />
        )}
    </Space>
  );
}
