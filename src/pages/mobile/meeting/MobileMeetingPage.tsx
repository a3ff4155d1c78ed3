import { PlusOutlined } from '@ant-design/icons';
import { Button, Result, Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModuleDetailsLink } from '../../../../runtime/core/links';
import { useRuntime } from '../../../../runtime/react';
import { PageStatus } from '../../../../runtime/react/PageStatus';
import { permittedScopes } from '../../../../runtime/react/index/permittedScopes';
import { savePath } from '../../../../runtime/react/paths';
import { useEntitySchema } from '../../../../runtime/react/schema/useEntitySchema';
import { familyPath } from '../mobileEntries';
import { MobileFrame } from '../MobileFrame';
import { MobileRecordList } from '../MobileModulePage';
import { MobileRuntime } from '../MobileRuntime';
import { RoomDay } from './RoomDay';

type MeetingTab = 'mine' | 'rooms';

function MeetingFamily({ link, entityName }: { link: ModuleDetailsLink; entityName: string }) {
  const { t } = useTranslation();
  const { hasPermission, navigate } = useRuntime();
  const schema = useEntitySchema(entityName);
  const [tab, setTab] = useState<MeetingTab>('mine');
  if (schema.status !== 'ready') return <PageStatus state={schema} />;
  const { entity, base } = schema.value;
  // My bookings are the my list (host or attendee); an administrator without it reads the manage list.
  const scopes = permittedScopes(entity, hasPermission);
  const scope = scopes.includes('my') ? 'my' : scopes[0];
  const canBook = entity.calls.includes('insert') && hasPermission(entity.permissions.insert ?? '');
  // The occupancy call answers who may book or manage bookings.
  const seesRooms = canBook || hasPermission(entity.permissions.list ?? '');
  if (!scope && !seesRooms) return <Result status="403" title={t('runtime.page.noPermission')} />;
  const shown: MeetingTab = scope ? tab : 'rooms';
  return (
    <>
      {canBook && (
        <Button type="primary" block size="large" icon={<PlusOutlined />} style={{ marginBottom: 12 }} data-testid="mobile-create"
          onClick={() => navigate(savePath(familyPath(link)))}>
          {t('mobileOffice.meeting.book')}
        </Button>
      )}
      {scope && seesRooms && (
        <Segmented<MeetingTab> block value={shown} onChange={setTab} style={{ marginBottom: 12 }}
          options={[
            { value: 'mine', label: <span data-testid="mobile-meeting-mine">{t('mobileOffice.meeting.mine')}</span> },
            { value: 'rooms', label: <span data-testid="mobile-meeting-rooms">{t('mobileOffice.meeting.rooms')}</span> },
          ]} />
      )}
      {shown === 'mine' && scope
        ? <MobileRecordList bundle={schema.value} link={link} scope={scope} />
        : <RoomDay base={base} flow={entity.flow} />}
    </>
  );
}

/**
 * /app/meeting: my bookings (host or attendee; each opens its details, where the host cancels),
 * the rooms' day read-only, and 预约会议室, which opens the booking form (the room clash is the
 * server's to refuse, in the write's transaction).
 */
export function MobileMeetingPage({ link, entity }: { link: ModuleDetailsLink; entity: string }) {
  const { t } = useTranslation();
  return (
    <MobileFrame title={t(link.title)} back="/app">
      <MobileRuntime><MeetingFamily link={link} entityName={entity} /></MobileRuntime>
    </MobileFrame>
  );
}
