import { Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CalendarMoveScope } from '../../../runtime/core/calendar';
import type { PendingMove } from './useEntryMoves';

interface Props {
  move: PendingMove;
  onChoose(scope: CalendarMoveScope | null): void;
}

/**
 * Asked when an occurrence of a repeating entry is dragged or resized: 仅此一次 takes it out of
 * the series as an entry of its own at the new time, 全部重复 moves the whole series as far as
 * this occurrence moved; 取消 leaves everything where it was.
 */
export function MoveScopeDialog({ move, onChoose }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={t('calendar.page.moveScopeTitle')}
      onCancel={() => onChoose(null)}
      data-testid="calendar-move-scope"
      footer={[
        <Button key="cancel" onClick={() => onChoose(null)}>{t('calendar.page.cancel')}</Button>,
        <Button key="all" onClick={() => onChoose('all')} data-testid="calendar-move-all">{t('calendar.page.moveAll')}</Button>,
        <Button key="one" type="primary" onClick={() => onChoose('one')} data-testid="calendar-move-one">{t('calendar.page.moveOne')}</Button>,
      ]}
    >
      <Typography.Paragraph>{t('calendar.page.moveScopeText', { title: move.item.title })}</Typography.Paragraph>
    </Modal>
  );
}
