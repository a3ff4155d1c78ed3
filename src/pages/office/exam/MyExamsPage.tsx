import { Button, Card, Empty, List, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { request } from '../../../request';
import type { MyExam } from './examTypes';

/** 我的考试: the published papers the user is a candidate of, with the state of their attempt. */
export function MyExamsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [exams, setExams] = useState<MyExam[] | null>(null);
  useEffect(() => {
    let current = true;
    request.get<MyExam[]>('/get/office/getMyExamTestList').then((a) => { if (current) setExams(a.data); }, () => { if (current) setExams([]); });
    return () => { current = false; };
  }, []);

  const now = new Date();
  const open = (e: MyExam) => e.status === 'published' && new Date(e.startTime.replace(' ', 'T')) <= now && new Date(e.endTime.replace(' ', 'T')) > now;
  const state = (e: MyExam) => {
    if (e.gradeStatus === 'marked') return <Tag color={e.passed ? 'green' : 'red'}>{t('officeExam.mine.score', { score: e.score })} · {t(e.passed ? 'officeExam.mine.passed' : 'officeExam.mine.failed')}</Tag>;
    if (e.gradeStatus === 'submitted') return <Tag color="orange">{t('officeExam.mine.awaiting')}</Tag>;
    if (open(e)) {
      return (
        <Button type="primary" data-testid={`exam-start-${e.testId}`} onClick={() => navigate(`/office/exam/take/${e.testId}`)}>
          {t(e.gradeStatus === 'inProgress' ? 'officeExam.mine.continue' : 'officeExam.mine.start')}
        </Button>
      );
    }
    return <Tag>{t(`entity.OfficeExamTest.option.status.${e.status}`)}</Tag>;
  };

  return (
    <Card title={t('officeExam.mine.title')} data-testid="exam-mine" loading={exams === null}>
      {exams && exams.length === 0 ? <Empty description={t('officeExam.mine.empty')} /> : (
        <List
          dataSource={exams ?? []}
          rowKey="testId"
          renderItem={(e) => (
            <List.Item data-testid="exam-mine-row" extra={state(e)}>
              <List.Item.Meta
                title={<Typography.Text strong>{e.title}</Typography.Text>}
                description={(
                  <Space wrap size={16}>
                    <span>{t('officeExam.mine.window')}: {e.startTime.slice(0, 16)} – {e.endTime.slice(0, 16)}</span>
                    <span>{t('officeExam.mine.duration', { minutes: e.durationMinutes })}</span>
                    <span>{t('entity.OfficeExamTest.field.totalScore')}: {e.totalScore} / {t('entity.OfficeExamTest.field.passScore')}: {e.passScore}</span>
                  </Space>
                )}
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
