import { ClockCircleOutlined } from '@ant-design/icons';
import { Affix, Button, Card, Checkbox, Input, Popconfirm, Radio, Result, Space, Spin, Tag, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { request } from '../../../request';
import type { Answer, Paper, PaperQuestion, SubmitResult } from './examTypes';
import { clockText, secondsLeft } from './remainingTime';

/** Under this many seconds the countdown turns red. */
const WARN_SECONDS = 60;

/**
 * 答题: the paper, a countdown from the server's deadline, and 交卷 — by hand, or by itself when
 * the countdown reaches zero. The server decides in the end: it takes answers only until the
 * deadline (and a short grace for this automatic hand-in on its way).
 */
export function TakeExamPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { testId = '' } = useParams();
  const [paper, setPaper] = useState<{ paper: Paper; receivedAt: number } | null>(null);
  const [failed, setFailed] = useState(false);
  const [answers, setAnswers] = useState<Record<string, Answer>>({});
  const [left, setLeft] = useState<number | null>(null);
  const [result, setResult] = useState<{ result: SubmitResult; auto: boolean } | null>(null);
  const submitting = useRef(false);
  const answersRef = useRef(answers);
  answersRef.current = answers;

  useEffect(() => {
    let current = true;
    request.post<Paper>('/set/office/startExamTest', { testId }).then(
      (a) => { if (current) setPaper({ paper: a.data, receivedAt: Date.now() }); },
      () => { if (current) setFailed(true); },
    );
    return () => { current = false; };
  }, [testId]);

  const submit = useCallback(async (auto: boolean) => {
    if (!paper || submitting.current) return;
    submitting.current = true;
    try {
      const answer = await request.postJson<SubmitResult>('/set/office/submitExamTest', { gradeId: paper.paper.gradeId, answers: answersRef.current });
      setResult({ result: answer.data, auto });
    } catch {
      // Refused (time up, handed in elsewhere): the message is shown; the attempt is over either way.
      setFailed(true);
    }
  }, [paper]);

  useEffect(() => {
    if (!paper || result) return undefined;
    const tick = () => {
      const seconds = secondsLeft(paper.paper.deadline, paper.paper.serverTime, paper.receivedAt, Date.now());
      setLeft(seconds);
      if (seconds === 0) void submit(true);
    };
    tick();
    const timer = window.setInterval(tick, 500);
    return () => window.clearInterval(timer);
  }, [paper, result, submit]);

  const back = <Button onClick={() => navigate('/office/exam/mine')} data-testid="exam-back">{t('officeExam.take.back')}</Button>;
  if (result) {
    const r = result.result;
    const marked = r.status === 'marked';
    return (
      <div data-testid="exam-result">
        <Result
          status={marked ? (r.passed ? 'success' : 'warning') : 'info'}
          title={t(result.auto ? 'officeExam.take.autoSubmitted' : 'officeExam.take.submitted')}
          subTitle={marked
            ? t('officeExam.take.resultMarked', { score: r.totalScore, verdict: t(r.passed ? 'officeExam.mine.passed' : 'officeExam.mine.failed') })
            : `${t('officeExam.take.result', { score: r.objectiveScore })} · ${t('officeExam.take.pendingEssay')}`}
          extra={back}
        />
      </div>
    );
  }
  if (failed) return <div data-testid="exam-refused"><Result status="warning" title={paper?.paper.title ?? ''} extra={back} /></div>;
  if (!paper) return <Spin />;

  const set = (id: string, value: Answer) => setAnswers((previous) => ({ ...previous, [id]: value }));
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="exam-take">
      <Affix offsetTop={8}>
        <Card size="small">
          <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
            <Typography.Title level={5} style={{ margin: 0 }}>{paper.paper.title}</Typography.Title>
            <Space>
              <Tag icon={<ClockCircleOutlined />} color={left !== null && left <= WARN_SECONDS ? 'red' : 'blue'} data-testid="exam-countdown" style={{ fontSize: 16, padding: '4px 10px' }}>
                {t('officeExam.take.remaining')} {left === null ? '--:--' : clockText(left)}
              </Tag>
              <Popconfirm title={t('officeExam.take.confirm')} onConfirm={() => submit(false)}>
                <Button type="primary" data-testid="exam-submit">{t('officeExam.take.submit')}</Button>
              </Popconfirm>
            </Space>
          </Space>
        </Card>
      </Affix>
      {paper.paper.questions.map((q, i) => (
        <Card key={q.questionId} size="small" data-testid={`exam-question-${i + 1}`}
          title={<Space><span>{t('officeExam.take.question', { n: i + 1 })}</span><Tag>{t(`entity.OfficeExamQuestion.option.questionType.${q.questionType}`)}</Tag><span>{t('officeExam.take.points', { score: q.score })}</span></Space>}>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{q.content}</Typography.Paragraph>
          <QuestionInput question={q} value={answers[q.questionId]} onChange={(v) => set(q.questionId, v)} />
        </Card>
      ))}
    </Space>
  );
}

function QuestionInput({ question, value, onChange }: { question: PaperQuestion; value: Answer | undefined; onChange: (v: Answer) => void }) {
  const { t } = useTranslation();
  const testId = `exam-answer-${question.questionId}`;
  switch (question.questionType) {
    case 'single':
      return (
        <Radio.Group data-testid={testId} value={value} onChange={(e) => onChange(String(e.target.value))}>
          <Space direction="vertical">{question.choices.map((c) => <Radio key={c.choiceKey} value={c.choiceKey}>{c.choiceKey}. {c.choiceText}</Radio>)}</Space>
        </Radio.Group>
      );
    case 'multiple':
      return (
        <Checkbox.Group data-testid={testId} value={Array.isArray(value) ? value : []} onChange={(v) => onChange(v.map(String))}>
          <Space direction="vertical">{question.choices.map((c) => <Checkbox key={c.choiceKey} value={c.choiceKey}>{c.choiceKey}. {c.choiceText}</Checkbox>)}</Space>
        </Checkbox.Group>
      );
    case 'judge':
      return (
        <Radio.Group data-testid={testId} value={value} onChange={(e) => onChange(String(e.target.value))}>
          <Radio value="true">{t('officeExam.take.true')}</Radio>
          <Radio value="false">{t('officeExam.take.false')}</Radio>
        </Radio.Group>
      );
    case 'fill':
      return <Input data-testid={testId} value={typeof value === 'string' ? value : ''} onChange={(e) => onChange(e.target.value)} placeholder={t('officeExam.take.fillHint')} maxLength={500} />;
    default:
      return <Input.TextArea data-testid={testId} value={typeof value === 'string' ? value : ''} onChange={(e) => onChange(e.target.value)} rows={5} maxLength={4000} showCount />;
  }
}
