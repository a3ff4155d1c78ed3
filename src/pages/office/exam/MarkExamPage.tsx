import { Alert, App, Button, Card, Col, Empty, Input, InputNumber, List, Row, Space, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { request } from '../../../request';

interface GradeRow { gradeId: string; testName?: string; candidateName?: string; submitTime: string; objectiveScore: number }
interface AnswerRow { recordId: string; seq: number; questionName?: string; questionType: string; answer: string | null; score: number | null; maxScore: number; correct: number | null }

const filter = (field: string, value: string) => JSON.stringify({ [field]: { value, operator: 'eq' } });

/** A true/false answer in words; the others as given. */
function answerShown(a: AnswerRow, t: (key: string) => string): string {
  if (!a.answer) return '—';
  if (a.questionType === 'judge' && (a.answer === 'true' || a.answer === 'false')) return t(`officeExam.take.${a.answer}`);
  return a.answer;
}

/** Every essay answer has a score: only then is there something complete to send. */
function everyEssayScored(answers: readonly AnswerRow[], scores: Record<string, number | null>): boolean {
  return answers.every((a) => a.questionType !== 'essay' || typeof scores[a.recordId] === 'number');
}

/**
 * 阅卷: the papers waiting for marking; for one of them every answer — objective ones as scored
 * on submission, essay ones with a score box (0 … the question's score) — and the remark.
 * `?gradeId=…` (the 阅卷 row action of 考试成绩) opens that paper at once. The button sends only
 * when every essay has its score; approvalExamTest checks the scores again and closes the grade.
 */
export function MarkExamPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [grades, setGrades] = useState<GradeRow[] | null>(null);
  const [chosen, setChosen] = useState<GradeRow | null>(null);
  const [answers, setAnswers] = useState<AnswerRow[]>([]);
  const [scores, setScores] = useState<Record<string, number | null>>({});
  const [remark, setRemark] = useState('');
  const [saving, setSaving] = useState(false);
  const [search, setSearch] = useSearchParams();
  const asked = search.get('gradeId');
  const [loadingAnswers, setLoadingAnswers] = useState(false);

  const load = useCallback(() => {
    request.get<{ list: GradeRow[] }>('/get/office/getOfficeExamGradeList', { filterObj: filter('status', 'submitted'), pageSize: 100, prop: 'submitTime', order: 'ascending' })
      .then((a) => setGrades(a.data.list), () => setGrades([]));
  }, []);
  useEffect(load, [load]);

  const open = useCallback((grade: GradeRow) => {
    setChosen(grade);
    setScores({});
    setRemark('');
    setAnswers([]);
    setLoadingAnswers(true);
    request.get<{ list: AnswerRow[] }>('/get/office/getOfficeExamQuestionRecordList', { filterObj: filter('grade', grade.gradeId), pageSize: 200, prop: 'seq', order: 'ascending' })
      .then((a) => setAnswers(a.data.list), () => setAnswers([]))
      .finally(() => setLoadingAnswers(false));
  }, []);

  // The paper the row action named, read by its id (the waiting list shows the first 100 only);
  // one already marked, or not the reader's to mark, is said so instead of opened.
  const [notWaiting, setNotWaiting] = useState(false);
  useEffect(() => {
    setNotWaiting(false);
    if (!asked) return;
    request.get<GradeRow & { status: string }>('/get/office/getOfficeExamGradeById', { gradeId: asked })
      .then((a) => (a.data.status === 'submitted' ? open(a.data) : setNotWaiting(true)), () => setNotWaiting(true));
  }, [asked, open]);

  const complete = !loadingAnswers && everyEssayScored(answers, scores);

  const save = async () => {
    if (!chosen || !complete) return;
    setSaving(true);
    try {
      await request.postJson('/set/office/approvalExamTest', { gradeId: chosen.gradeId, scores, markRemark: remark });
      message.success(t('officeExam.mark.done'));
      setChosen(null);
      if (asked) setSearch({}, { replace: true });
      load();
    } catch {
      // The refusal is shown by the request layer.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Row gutter={[12, 12]} data-testid="exam-mark">
      {notWaiting && (
        <Col span={24}><Alert type="info" showIcon message={t('officeExam.mark.notWaiting')} data-testid="exam-mark-not-waiting" /></Col>
      )}
      <Col xs={24} md={8}>
        <Card size="small" title={t('menu.officeExamMark')} loading={grades === null}>
          {grades && grades.length === 0 ? <Empty /> : (
            <List dataSource={grades ?? []} rowKey="gradeId" renderItem={(g) => (
              <List.Item data-testid="exam-mark-row" onClick={() => open(g)} style={{ cursor: 'pointer', background: chosen?.gradeId === g.gradeId ? 'var(--ant-color-primary-bg, #e6f4ff)' : undefined, paddingInline: 8 }}>
                <List.Item.Meta title={g.candidateName} description={<Space direction="vertical" size={0}><span>{g.testName}</span><span>{g.submitTime?.slice(0, 16)}</span></Space>} />
              </List.Item>
            )} />
          )}
        </Card>
      </Col>
      <Col xs={24} md={16}>
        {chosen && (
          <Card size="small" title={`${chosen.candidateName ?? ''} · ${chosen.testName ?? ''}`} data-testid="exam-mark-sheet"
            extra={<Tag color="blue">{t('entity.OfficeExamGrade.field.objectiveScore')}: {chosen.objectiveScore}</Tag>}>
            <Space direction="vertical" style={{ width: '100%' }} size={12}>
              {answers.map((a, i) => (
                <Card key={a.recordId} size="small" type="inner"
                  title={<Space><span>{t('officeExam.take.question', { n: a.seq ?? i + 1 })}</span><Tag>{t(`entity.OfficeExamQuestion.option.questionType.${a.questionType}`)}</Tag></Space>}>
                  <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{a.questionName}</Typography.Paragraph>
                  <Typography.Text type="secondary">{t('officeExam.mark.answer')}: </Typography.Text>
                  <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{answerShown(a, t)}</Typography.Paragraph>
                  {a.questionType === 'essay' ? (
                    <Space>
                      <span>{t('officeExam.mark.score', { max: a.maxScore })}</span>
                      <span data-testid={`exam-mark-score-${a.recordId}`}>
                        <InputNumber min={0} max={a.maxScore} value={scores[a.recordId] ?? null}
                          onChange={(v) => setScores((s) => ({ ...s, [a.recordId]: v === null ? null : Number(v) }))} />
                      </span>
                    </Space>
                  ) : (
                    <Tag color={a.correct ? 'green' : 'red'}>{a.score ?? 0} / {a.maxScore}</Tag>
                  )}
                </Card>
              ))}
              <Input.TextArea data-testid="exam-mark-remark" placeholder={t('officeExam.mark.remark')} value={remark} onChange={(e) => setRemark(e.target.value)} maxLength={500} rows={2} />
              <Space>
                <Button type="primary" loading={saving} disabled={!complete} onClick={save} data-testid="exam-mark-save">{t('officeExam.mark.button')}</Button>
                {!complete && !loadingAnswers && <Typography.Text type="secondary" data-testid="exam-mark-incomplete">{t('officeExam.mark.scoreEvery')}</Typography.Text>}
              </Space>
            </Space>
          </Card>
        )}
      </Col>
    </Row>
  );
}
