import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/en';
import { dayjsLocalizer, type Messages } from 'react-big-calendar';
import type { TFunction } from 'i18next';

/** The calendar's dates through dayjs, the suite's date library (the culture switches its language). */
export const calendarLocalizer = dayjsLocalizer(dayjs);

/** react-big-calendar's own words (toolbar, agenda headings), in the user's language. */
export function calendarMessages(t: TFunction): Messages {
  return {
    today: t('calendar.page.today'), previous: t('calendar.page.previous'), next: t('calendar.page.next'),
    month: t('calendar.page.month'), week: t('calendar.page.week'), day: t('calendar.page.day'), agenda: t('calendar.page.agenda'),
    allDay: t('calendar.page.allDay'), date: t('calendar.page.date'), time: t('calendar.page.time'), event: t('calendar.page.event'),
    noEventsInRange: t('calendar.page.noEventsInRange'), showMore: (count: number) => t('calendar.page.showMore', { count }),
  };
}

/** The culture react-big-calendar passes to the localizer: dayjs's locale names. */
export function calendarCulture(language: string): string {
  return language.toLowerCase().startsWith('en') ? 'en' : 'zh-cn';
}
