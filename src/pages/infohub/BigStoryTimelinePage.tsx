import { Card, Empty, Segmented, Space, Timeline, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../request';

interface Story { storyId: string; storyDate: string; title: string; content?: string | null }
interface StoryPage { list: Story[]; total: number }

/** One page of the list holds the whole chronicle of a normal organisation; more is announced, not cut silently. */
const PAGE_SIZE = 500;

/** 大事记: the unit's big events on a timeline, newest first, one year at a time or all years. */
export function BigStoryTimelinePage() {
  const { t } = useTranslation();
  const [data, setData] = useState<StoryPage | null>(null);
  const [year, setYear] = useState<string>('all');
  useEffect(() => {
    let current = true;
    request.get<StoryPage>('/get/info/getMyBigStoryList', { page: 1, pageSize: PAGE_SIZE, prop: 'storyDate', order: 'descending' })
      .then((a) => { if (current) setData(a.data); }, () => { if (current) setData({ list: [], total: 0 }); });
    return () => { current = false; };
  }, []);
  const years = useMemo(() => [...new Set((data?.list ?? []).map((s) => s.storyDate.slice(0, 4)))], [data]);
  const shown = (data?.list ?? []).filter((s) => year === 'all' || s.storyDate.startsWith(year));
  const byYear = years.filter((y) => year === 'all' || y === year).map((y) => ({ year: y, stories: shown.filter((s) => s.storyDate.startsWith(y)) }));
  return (
    <Card title={t('menu.infohubBigStoryTimeline')} loading={data === null} data-testid="big-story-timeline"
      extra={years.length > 1 && (
        <Segmented value={year} onChange={(v) => setYear(String(v))}
          options={[{ value: 'all', label: t('infohub.timeline.all') }, ...years.map((y) => ({ value: y, label: t('infohub.timeline.year', { year: y }) }))]} />
      )}>
      {shown.length === 0 ? <Empty description={t('infohub.timeline.empty')} /> : byYear.map((group) => (
        <section key={group.year} data-testid={`timeline-year-${group.year}`}>
          <Space align="baseline" style={{ marginBottom: 16 }}>
            <Typography.Title level={4} style={{ margin: 0 }}>{t('infohub.timeline.year', { year: group.year })}</Typography.Title>
            <Typography.Text type="secondary">{t('infohub.timeline.count', { count: group.stories.length })}</Typography.Text>
          </Space>
          <Timeline mode="left" items={group.stories.map((story) => ({
            key: story.storyId,
            label: story.storyDate.slice(5),
            children: (
              <div>
                <Typography.Text strong>{story.title}</Typography.Text>
                {story.content && <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>{story.content}</Typography.Paragraph>}
              </div>
            ),
          }))} />
        </section>
      ))}
      {data && data.total > data.list.length && <Typography.Text type="secondary">{t('infohub.timeline.partial', { shown: data.list.length, total: data.total })}</Typography.Text>}
    </Card>
  );
}
