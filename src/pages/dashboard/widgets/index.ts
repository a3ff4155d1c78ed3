import type { ComponentType } from 'react';
import { ContractExpiringWidget } from './ContractExpiringWidget';
import { MyCalendarWidget } from './MyCalendarWidget';
import { NewsCarouselWidget } from './NewsCarouselWidget';
import { UnreadMailWidget } from './UnreadMailWidget';
import { NoticesWidget } from './NoticesWidget';
import { OfficeHospitalityWidget } from './OfficeHospitalityWidget';
import { OfficeTasksWidget } from './OfficeTasksWidget';
import type { DeskWidgetProps } from './DeskWidgetProps';
import { MessagesWidget } from './MessagesWidget';
import { PendingInfoWidget } from './PendingInfoWidget';
import { QuickLinksWidget } from './QuickLinksWidget';
import { RecentOutingsWidget } from './RecentOutingsWidget';
import { UnknownWidget } from './UnknownWidget';
import { VotesPendingWidget } from './VotesPendingWidget';
import { WeatherWidget } from './WeatherWidget';
import { WelcomeWidget } from './WelcomeWidget';

export type { DeskWidgetProps } from './DeskWidgetProps';

export interface DeskWidgetEntry {
  component: ComponentType<DeskWidgetProps>;
  /** The widget draws its own card; otherwise the desk frames it with the configured title and height. */
  ownCard?: boolean;
}

/** Widget code (DeskConfig.widgetCode) → component. A code missing here shows UnknownWidget. */
export const DESK_WIDGETS: Record<string, DeskWidgetEntry> = {
  welcome: { component: WelcomeWidget, ownCard: true },
  quickLinks: { component: QuickLinksWidget },
  pendingInfo: { component: PendingInfoWidget },
  recentOutings: { component: RecentOutingsWidget },
  messages: { component: MessagesWidget },
  weather: { component: WeatherWidget },
  contractExpiring: { component: ContractExpiringWidget },
  votesPending: { component: VotesPendingWidget },
  myCalendar: { component: MyCalendarWidget },
  notices: { component: NoticesWidget },
  newsCarousel: { component: NewsCarouselWidget },
  unreadMail: { component: UnreadMailWidget },
  officeTasks: { component: OfficeTasksWidget },
  officeHospitality: { component: OfficeHospitalityWidget },
};

export function deskWidgetFor(code: string): DeskWidgetEntry {
  return Object.prototype.hasOwnProperty.call(DESK_WIDGETS, code) ? DESK_WIDGETS[code] : { component: UnknownWidget };
}
