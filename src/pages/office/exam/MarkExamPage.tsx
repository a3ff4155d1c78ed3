import { App, Button, Card, Col, Empty, Input, InputNumber, List, Row, Space, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
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

/**
 * 阅卷: the papers waiting for marking; for one of them every answer — objective ones as scored
 * on submission, essay ones with a score box (0 … the question's score) — and the remark.
 * approvalExamTest checks the scores again and closes the grade.
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

  const load = useCallback(() => {
    request.get<{ list: GradeRow[] }>('/get/office/getOfficeExamGradeList', { filterObj: filter('status', 'submitted'), pageSize: 100, prop: 'submitTime', order: 'ascending' })
      .then((a) => setGrades(a.data.list), () => setGrades([]));
  }, []);
  useEffect(load, [load]);

  const open = (grade: GradeRow) => {
    setChosen(grade);
    setScores({});
    setRemark('');
    request.get<{ list: AnswerRow[] }>('/get/office/getOfficeExamQuestionRecordList', { filterObj: filter('grade', grade.gradeId), pageSize: 200, prop: 'seq', order: 'ascending' })
      .then((a) => setAnswers(a.data.list), () => setAnswers([]));
  };

  const save = async () => {
    if (!chosen) return;
    setSaving(true);
    try {
      await request.postJson('/set/office/approvalExamTest', { gradeId: chosen.gradeId, scores, markRemark: remark });
      message.success(t('officeExam.mark.done'));
      setChosen(null);
      load();
    } catch {
      // The refusal is shown by the request layer.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Row gutter={12} data-testid="exam-mark">
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
              <Button type="primary" loading={saving} onClick={save} data-testid="exam-mark-save">{t('officeExam.mark.button')}</Button>
            </Space>
          </Card>
        )}
      </Col>
    </Row>
  );
}
