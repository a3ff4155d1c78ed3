import type { DeskWidgetConfig } from '../deskTypes';

/** What the desk hands each widget; a widget may ignore it (e.g. one with nothing to configure). */
export interface DeskWidgetProps {
  widget: DeskWidgetConfig;
}
