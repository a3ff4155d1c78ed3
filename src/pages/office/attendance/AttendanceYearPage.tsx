import { Card, DatePicker, Space, Spin, Statistic, Tooltip } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserSelect } from '../../../../runtime/react/form/widgets/UserSelect';
import { USER_SELECT_PATH } from '../../../../runtime/react/schema/remoteSelectPath';
import { request } from '../../../request';
import { hasPermission } from '../../../session';
import { monthWeeks, summariseYear, type ClockIn, type DayState, type DaySummary } from './attendanceYear';
import styles from './attendanceYear.module.css';

/** Holders of the manage list may look at a colleague's year within their data scope (the call checks it). */
const MANAGE_PERMISSION = 'office:OfficeAttendance:list';
const STATES: DayState[] = ['normal', 'abnormal', 'missing', 'absent'];
const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);
/** Monday first, as Chinese calendars are; the keys are Date.getDay numbers. */
const WEEK_HEAD = [1, 2, 3, 4, 5, 6, 0];

function DayCell({ day, today }: { day: DaySummary; today: string }) {
  const { t } = useTranslation();
  const clock = (clockIn: ClockIn | undefined, type: 'start' | 'end') => (clockIn
    ? t('officeScreens.year.clocked', { type: t(`entity.OfficeAttendance.clockType.${type}`), time: clockIn.clockTime.slice(11, 16), result: t(`entity.OfficeAttendance.result.${clockIn.result ?? 'normal'}`) })
    : t('officeScreens.year.notClocked', { type: t(`entity.OfficeAttendance.clockType.${type}`) }));
  const tip = day.start || day.end
    ? t('officeScreens.year.tip', { date: day.date, start: clock(day.start, 'start'), end: clock(day.end, 'end') })
    : t('officeScreens.year.tipState', { date: day.date, state: t(`officeScreens.year.state.${day.state}`) });
  return (
    <Tooltip title={tip} mouseEnterDelay={0.2}>
      <div className={`${styles.day} ${styles[day.state]} ${day.date === today ? styles.today : ''}`} data-testid={`year-day-${day.date}`} data-state={day.state}>
        {Number(day.date.slice(8))}
      </div>
    </Tooltip>
  );
}

/**
 * 考勤年历: one person's clock-ins of a year on twelve month calendars — on time, late or early,
 * a clock-in missing, no clock-in on a working day — with the year's totals. One's own year, or a
 * colleague's for holders of the attendance manage list (getOfficeAttendanceYearList checks the
 * permission and data scope). Public holidays are not known to the suite: a weekday is a working day.
 */
export function AttendanceYearPage() {
  const { t } = useTranslation();
  const [year, setYear] = useState<Dayjs>(() => dayjs().startOf('year'));
  const [user, setUser] = useState<string | undefined>();
  const [clockIns, setClockIns] = useState<ClockIn[] | null>(null);
  const manages = hasPermission(MANAGE_PERMISSION);

  useEffect(() => {
    let current = true;
    setClockIns(null);
    request.get<ClockIn[]>('/get/office/getOfficeAttendanceYearList', { year: year.year(), ...(user ? { user } : {}) })
      .then((answer) => { if (current) setClockIns(answer.data); }, () => { if (current) setClockIns([]); });
    return () => { current = false; };
  }, [year, user]);

  const today = dayjs().format('YYYY-MM-DD');
  const summary = useMemo(() => summariseYear(year.year(), clockIns ?? [], today), [year, clockIns, today]);
  const totals: [keyof typeof summary.totals, string][] = [
    ['present', 'officeScreens.year.present'], ['late', 'officeScreens.year.late'], ['early', 'officeScreens.year.early'],
    ['missing', 'officeScreens.year.state.missing'], ['absent', 'officeScreens.year.state.absent'],
  ];

  return (
    <Card title={t('menu.officeAttendanceYear')} data-testid="attendance-year"
      extra={(
        <Space wrap>
          {manages && (
            <div style={{ width: 220 }}>
              <UserSelect url={USER_SELECT_PATH} value={user} placeholder={t('officeScreens.year.myself')} data-testid="year-user"
                onChange={(value) => setUser(value ? String(value) : undefined)} />
            </div>
          )}
          <DatePicker picker="year" value={year} allowClear={false} data-testid="year-picker" onChange={(d) => d && setYear(d.startOf('year'))} />
        </Space>
      )}>
      <Spin spinning={clockIns === null}>
        <Space size="large" wrap style={{ marginBottom: 16 }} data-testid="year-totals">
          {totals.map(([key, label]) => <Statistic key={key} title={t(label)} value={summary.totals[key]} suffix={t('officeScreens.year.days')} data-testid={`year-total-${key}`} />)}
        </Space>
        <Space size="large" wrap style={{ marginBottom: 12, display: 'flex' }}>
          {STATES.map((state) => <span key={state}><i className={`${styles.legend} ${styles[state]}`} />{t(`officeScreens.year.state.${state}`)}</span>)}
        </Space>
        <div className={styles.months}>
          {MONTHS.map((month) => (
            <div key={month} className={styles.month} data-testid={`year-month-${month}`}>
              <div className={styles.monthTitle}>{t(`officeScreens.month.${month}`)}</div>
              <div className={styles.grid}>
                {WEEK_HEAD.map((weekday) => <div key={weekday} className={styles.head}>{t(`officeScreens.weekday.${weekday}`)}</div>)}
                {monthWeeks(summary.days, month).flat().map((day, index) => (day
                  ? <DayCell key={day.date} day={day} today={today} />
                  // The blanks before the 1st and after the last day have no identity but their place.
                  : <div key={`blank-${index}`} />))}
              </div>
            </div>
          ))}
        </div>
      </Spin>
    </Card>
  );
}
