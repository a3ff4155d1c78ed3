import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeskWidgetProps } from './DeskWidgetProps';

/** A configured code the desk has no component for (a typo in DeskConfig, a module not installed). */
export function UnknownWidget({ widget }: DeskWidgetProps) {
  const { t } = useTranslation();
  return (
    <Alert type="info" showIcon data-testid={`unknown-widget-${widget.widgetCode}`}
      message={t('desk.widget.unknown')}
      description={t('desk.widget.unknownHelp', { code: widget.widgetCode })} />
  );
}
