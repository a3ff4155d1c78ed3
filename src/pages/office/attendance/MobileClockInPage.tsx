import { Alert, Button, Descriptions, Result, Spin, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request, isRequestError } from '../../../request';
import { MobileFrame } from '../../mobile/MobileFrame';
import styles from './mobileClockIn.module.css';

type ClockType = 'start' | 'end';
interface Clock { clockTime: string; result: 'normal' | 'late' | 'early'; distance: number }
interface AttendanceStatus {
  today: string;
  config: { workStart: string; workEnd: string; address: string; radius: number } | null;
  start: Clock | null;
  end: Clock | null;
}

/** The phone's position; the browser asks the user once. */
function currentPosition(): Promise<{ longitude: number; latitude: number }> {
  return new Promise((resolve, reject) => {
    if (!navigator.geolocation) { reject(new Error('no geolocation')); return; }
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ longitude: position.coords.longitude, latitude: position.coords.latitude }),
      reject, { enableHighAccuracy: true, timeout: 15_000 },
    );
  });
}

/**
 * 考勤打卡 on the phone (/app/attendance): today's start and end of work, each clocked once with
 * the phone's position. The server measures the distance to the office and stamps the time
 * (server/modules/office/attendanceClock.ts); a refusal (too far, already clocked) is shown here
 * in the server's words.
 */
export function MobileClockInPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<AttendanceStatus | null | Error>(null);
  const [busy, setBusy] = useState<ClockType | null>(null);
  const [outcome, setOutcome] = useState<{ type: 'success' | 'error'; text: string } | null>(null);

  const load = useCallback(() => request.get<AttendanceStatus>('/get/office/getOfficeAttendanceStatus', {}, { quiet: true }).then(
    (answer) => setStatus(answer.data),
    (error: unknown) => setStatus(error instanceof Error ? error : new Error(String(error))),
  ), []);
  useEffect(() => { void load(); }, [load]);

  const clock = async (clockType: ClockType) => {
    setBusy(clockType);
    setOutcome(null);
    try {
      const position = await currentPosition().catch(() => { throw new Error(t('officeDaily.clock.noPosition')); });
      await request.post('/set/office/insertOfficeAttendance', { clockType, ...position }, { quiet: true });
      setOutcome({ type: 'success', text: t(`officeDaily.clock.done.${clockType}`) });
      await load();
    } catch (error) {
      setOutcome({ type: 'error', text: isRequestError(error) || error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(null);
    }
  };

  const body = () => {
    if (status === null) return <Spin />;
    if (status instanceof Error) return <Result status="warning" title={status.message} />;
    const row = (type: ClockType) => {
      const done = status[type];
      return (
        <div className={styles.clockRow} key={type}>
          <div>
            <div className={styles.clockLabel}>{t(`entity.OfficeAttendance.clockType.${type}`)}</div>
            <div className={styles.clockTime} data-testid={`clock-${type}-time`}>
              {done ? done.clockTime.slice(11, 16) : t('officeDaily.clock.notYet')}
              {done ? <Tag className={styles.tag} color={done.result === 'normal' ? 'success' : 'warning'}>{t(`entity.OfficeAttendance.result.${done.result}`)}</Tag> : null}
            </div>
          </div>
          <Button type="primary" shape="round" size="large" disabled={Boolean(done) || !status.config} loading={busy === type}
            onClick={() => void clock(type)} data-testid={`clock-${type}`}>
            {t(`entity.OfficeAttendance.clockType.${type}`)}
          </Button>
        </div>
      );
    };
    return (
      <>
        {status.config ? (
          <Descriptions column={1} size="small" className={styles.info} items={[
            { key: 'date', label: t('entity.OfficeAttendance.field.clockDate'), children: status.today },
            { key: 'hours', label: t('officeDaily.clock.hours'), children: `${status.config.workStart} – ${status.config.workEnd}` },
            { key: 'place', label: t('entity.OfficeAttendanceConfig.field.address'), children: status.config.address },
            { key: 'radius', label: t('officeDaily.clock.radius'), children: status.config.radius > 0 ? t('officeDaily.clock.metres', { radius: status.config.radius }) : t('officeDaily.clock.noLimit') },
          ]} />
        ) : <Alert type="warning" showIcon message={t('entity.OfficeAttendance.rule.notConfigured')} />}
        {row('start')}
        {row('end')}
        {outcome ? <Alert className={styles.outcome} type={outcome.type} showIcon message={outcome.text} data-testid="clock-outcome" /> : null}
      </>
    );
  };

  return (
    <MobileFrame title={t('entity.OfficeAttendance.title')} back={-1}>
      <div className={styles.page} data-testid="mobile-clock-in">{body()}</div>
    </MobileFrame>
  );
}
