import { EditOutlined, PaperClipOutlined, StarFilled } from '@ant-design/icons';
import { Badge, Button, Result, Segmented, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { moduleDetailsId, moduleDetailsLink, moduleDetailsPath } from '../../../../runtime/core/links';
import { LoadMoreFooter } from '../../mobile/LoadMoreFooter';
import { MobileFrame } from '../../mobile/MobileFrame';
import { MobileRuntime } from '../../mobile/MobileRuntime';
import { useLoadMore } from '../../mobile/useLoadMore';
import { ComposePage } from '../ComposePage';
import { MailReader } from '../MailReader';
import { folderParams, mailApi, type MailCounts, type MailRow } from '../mailApi';
import styles from './mobileMail.module.css';

const PAGE_SIZE = 15;
const EMAIL = moduleDetailsLink('email')!;
const HOME = '/app/email';
/** The folder tabs of the phone; trash and one's own folders stay on the desktop mailbox. */
const FOLDERS = ['inbox', 'starred', 'sent', 'drafts'] as const;
type PhoneFolder = (typeof FOLDERS)[number];

const isPhoneFolder = (value: string | null): value is PhoneFolder => FOLDERS.some((folder) => folder === value);

/** A mail's reading screen: its message link's shape, naming the owner's copy too when the list knows it. */
function readPath(row: MailRow): string {
  return `${moduleDetailsPath('email', row.emailId) ?? HOME}&${new URLSearchParams({ copyId: row.copyId }).toString()}`;
}

/** /app/email: the folders as tabs (the inbox's unread count on its tab), the mail as touch-sized rows, 写邮件 in the bar. */
export function MobileMailListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const asked = search.get('folder');
  const folder: PhoneFolder = isPhoneFolder(asked) ? asked : 'inbox';
  const [counts, setCounts] = useState<MailCounts | null>(null);
  useEffect(() => { mailApi.counts().then((answer) => setCounts(answer.data), () => undefined); }, []);
  const mails = useLoadMore<MailRow>(
    async (page) => (await mailApi.list({ ...folderParams(folder), pageNum: page, pageSize: PAGE_SIZE })).data,
    folder,
  );
  // Sent mail and drafts say whom they go to; the others who sent them.
  const showRecipients = folder === 'sent' || folder === 'drafts';
  const compose = (
    <Button type="text" icon={<EditOutlined />} onClick={() => { void navigate(`${HOME}/compose`); }} style={{ color: '#fff', minHeight: 44 }} data-testid="mobile-mail-compose">
      {t('email.client.compose')}
    </Button>
  );
  return (
    <MobileFrame title={t(EMAIL.title)} back="/app" extra={compose}>
      <Segmented<PhoneFolder> block value={folder} style={{ marginBottom: 12 }} onChange={(value) => setSearch({ folder: value }, { replace: true })}
        options={FOLDERS.map((key) => ({
          value: key,
          label: (
            <span data-testid={`mobile-mail-folder-${key}`}>
              {t(`email.client.${key}`)}
              {key === 'inbox' && counts?.inbox.unread ? <Badge count={counts.inbox.unread} size="small" style={{ marginLeft: 4 }} /> : null}
            </span>
          ),
        }))} />
      <div data-testid="mobile-mail-list">
        {mails.rows?.map((row) => {
          const unread = !row.readFlag;
          const who = showRecipients ? (row.toIdsName ?? '').split(',').join('，') : row.senderIdName;
          return (
            <Link key={row.copyId} to={readPath(row)} className={styles.row} data-testid="mobile-mail-row" data-unread={unread ? '1' : '0'}>
              <div className={styles.line}>
                <Typography.Text strong={unread} ellipsis>{unread && <Badge status="processing" style={{ marginRight: 6 }} />}{who || '—'}</Typography.Text>
                <Typography.Text type="secondary" className={styles.time}>{(row.sendTime ?? row.sortTime ?? '').slice(5, 16)}</Typography.Text>
              </div>
              <div className={styles.line}>
                <Typography.Text strong={unread} ellipsis data-testid="mobile-mail-subject">{row.subject || t('email.client.noSubject')}</Typography.Text>
                <span className={styles.icons}>
                  {row.hasAttachments && <PaperClipOutlined />}
                  {row.starred ? <StarFilled style={{ color: '#fadb14' }} /> : null}
                </span>
              </div>
              {row.preview && <Typography.Text type="secondary" ellipsis className={styles.preview}>{row.preview}</Typography.Text>}
            </Link>
          );
        })}
        <LoadMoreFooter state={mails} empty={t('email.client.empty')} />
      </div>
    </MobileFrame>
  );
}

/**
 * /app/email/details?emailId=…[&copyId=…] (a new-mail message's link, or a row of the list): the
 * mail opened through getEmailDetail, which marks it read; reply, forward, star and delete as on
 * the desktop reading pane.
 */
export function MobileMailReadPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const emailId = moduleDetailsId(EMAIL, search);
  const copyId = new URLSearchParams(search).get('copyId');
  const [mail, setMail] = useState<MailRow | Error | null>(null);

  useEffect(() => {
    if (!emailId && !copyId) return;
    let live = true;
    (copyId ? mailApi.detail(copyId) : mailApi.detailByEmail(emailId!)).then(
      (answer) => { if (live) setMail(answer.data); },
      (error: unknown) => { if (live) setMail(error instanceof Error ? error : new Error(String(error))); },
    );
    return () => { live = false; };
  }, [emailId, copyId]);

  let content;
  if (!emailId && !copyId) content = <Result status="warning" title={t('shell.links.missingParam', { param: EMAIL.param })} />;
  else if (mail === null) content = <div style={{ textAlign: 'center', padding: 48 }}><Spin /></div>;
  else if (mail instanceof Error) content = <Result status="warning" title={mail.message} />;
  else {
    const compose = (query: Record<string, string>) => { void navigate(`${HOME}/compose?${new URLSearchParams(query).toString()}`); };
    content = (
      <div className={styles.reader}>
        <MailReader
          mail={mail}
          onReply={(mode) => compose({ copyId: mail.copyId, mode })}
          onEditDraft={() => compose({ emailId: mail.emailId })}
          onStar={() => {
            const starred = mail.starred ? 0 : 1;
            mailApi.setStar([mail.copyId], starred).then(() => setMail({ ...mail, starred }), () => undefined);
          }}
          onDelete={() => { mailApi.trash([mail.copyId]).then(() => navigate(HOME, { replace: true }), () => undefined); }}
        />
      </div>
    );
  }
  return (
    <MobileFrame title={t(EMAIL.title)} back={-1} backFallback={HOME}>
      {/* The mail's text and files read through the runtime's request. */}
      <div data-testid="mobile-details"><MobileRuntime>{content}</MobileRuntime></div>
    </MobileFrame>
  );
}

/** /app/email/compose: 写邮件 (new, reply, forward, draft) at phone width; sent, it shows the sent folder. */
export function MobileMailComposePage() {
  const { t } = useTranslation();
  return (
    <MobileFrame title={t('email.compose.title')} back={-1} backFallback={HOME}>
      <div className={styles.compose}>
        <ComposePage mailboxPath={HOME} />
      </div>
    </MobileFrame>
  );
}
