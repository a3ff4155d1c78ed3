import { ReloadOutlined } from '@ant-design/icons';
import { App, Button, Checkbox, Dropdown, Input, Popconfirm, Space, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { FolderList } from './FolderList';
import { MailList } from './MailList';
import { MailReader } from './MailReader';
import { folderParams, mailApi, type FolderKey, type MailCounts, type MailRow } from './mailApi';
import { ShellRuntime } from '../../runtime/ShellRuntime';
import styles from './email.module.css';

const PAGE_SIZE = 20;

/**
 * 邮箱: folders with unread counts on the left, the folder's mail in the middle (search, unread
 * only, batch read/star/move/delete), the chosen mail on the right — opened through
 * getEmailDetail, which marks it read. `?emailId=` (the desk widget, a message) opens one mail.
 */
function Mailbox() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const [folder, setFolder] = useState<FolderKey>(search.get('folder') ?? 'inbox');
  const [keyword, setKeyword] = useState('');
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<MailRow[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [counts, setCounts] = useState<MailCounts | null>(null);
  const [current, setCurrent] = useState<MailRow | null>(null);
  const [checked, setChecked] = useState<string[]>([]);
  const [canFetch, setCanFetch] = useState(false);
  const [fetching, setFetching] = useState(false);

  const loadCounts = useCallback(() => { mailApi.counts().then((a) => setCounts(a.data), () => undefined); }, []);
  const loadList = useCallback(() => {
    setLoading(true);
    mailApi.list({ ...folderParams(folder), keyword, unread: unreadOnly ? 1 : undefined, pageNum: page, pageSize: PAGE_SIZE })
      .then((a) => { setRows(a.data.list); setTotal(a.data.total); }, () => { setRows([]); setTotal(0); })
      .finally(() => setLoading(false));
  }, [folder, keyword, unreadOnly, page]);
  const refresh = useCallback(() => { loadList(); loadCounts(); }, [loadList, loadCounts]);

  useEffect(() => { loadList(); }, [loadList]);
  useEffect(() => { loadCounts(); }, [loadCounts]);
  useEffect(() => { mailApi.myConfig().then((a) => setCanFetch(a.data.external.canFetch), () => undefined); }, []);
  useEffect(() => {
    const emailId = search.get('emailId');
    if (!emailId) return;
    mailApi.detailByEmail(emailId).then((a) => { setCurrent(a.data); loadCounts(); loadList(); }, () => undefined);
    search.delete('emailId');
    setSearch(search, { replace: true });
  }, [search, setSearch, loadCounts, loadList]);

  const chooseFolder = (key: FolderKey) => { setFolder(key); setPage(1); setChecked([]); setCurrent(null); };
  const open = (row: MailRow) => {
    mailApi.detail(row.copyId).then((a) => {
      setCurrent(a.data);
      if (!row.readFlag) { setRows((list) => list.map((r) => (r.copyId === row.copyId ? { ...r, readFlag: 1 } : r))); loadCounts(); }
    }, () => undefined);
  };
  const act = (run: Promise<unknown>) => run.then(() => { message.success(t('email.client.done')); setChecked([]); refresh(); }, () => undefined);
  const after = (copyIds: string[]) => { if (current && copyIds.includes(current.copyId)) setCurrent(null); };
  const star = (row: MailRow) => mailApi.setStar([row.copyId], row.starred ? 0 : 1).then(() => {
    setRows((list) => list.map((r) => (r.copyId === row.copyId ? { ...r, starred: row.starred ? 0 : 1 } : r)));
    if (current?.copyId === row.copyId) setCurrent({ ...current, starred: row.starred ? 0 : 1 });
    loadCounts();
  }, () => undefined);
  const trash = (copyIds: string[]) => { after(copyIds); act(mailApi.trash(copyIds)); };
  const compose = (query = '') => navigate(`/email/compose${query}`);
  // 收取邮件: the outside INBOX fetched now; the server's refusal (wrong password, no server) is shown by the request layer.
  const fetchMail = () => {
    setFetching(true);
    mailApi.fetchExternal().then((a) => {
      const { fetched, more } = a.data;
      if (more) message.info(t('email.client.fetchedMore', { count: fetched }));
      else if (fetched) message.success(t('email.client.fetched', { count: fetched }));
      else message.info(t('email.client.fetchedNone'));
      refresh();
    }, () => undefined).finally(() => setFetching(false));
  };

  const inTrash = folder === 'trash';
  const moveTargets = [
    ...(folder !== 'inbox' && folder !== 'sent' && folder !== 'drafts' ? [{ key: 'inbox', label: t('email.client.inbox') }] : []),
    ...(counts?.boxes ?? []).filter((b) => `custom:${b.boxId}` !== folder).map((b) => ({ key: `custom:${b.boxId}`, label: b.boxName })),
  ];
  const none = checked.length === 0;
  return (
    <div className={styles.page} data-testid="mailbox">
      <div className={styles.folders}>
        <FolderList counts={counts} folder={folder} onFolder={chooseFolder} onCompose={() => compose()} onFetch={canFetch ? fetchMail : undefined} fetching={fetching} />
      </div>
      <div className={styles.list}>
        <Input.Search allowClear placeholder={t('email.client.search')} onSearch={(v) => { setKeyword(v.trim()); setPage(1); }} style={{ marginBottom: 8 }} data-testid="mail-search" />
        <div className={styles.toolbar}>
          <Checkbox checked={rows.length > 0 && checked.length === rows.length} indeterminate={checked.length > 0 && checked.length < rows.length}
            onChange={(e) => setChecked(e.target.checked ? rows.map((r) => r.copyId) : [])} />
          {!inTrash && <Button size="small" disabled={none} onClick={() => act(mailApi.setRead(checked, 1))}>{t('email.client.markRead')}</Button>}
          {!inTrash && <Button size="small" disabled={none} onClick={() => act(mailApi.setRead(checked, 0))}>{t('email.client.markUnread')}</Button>}
          {!inTrash && folder !== 'drafts' && moveTargets.length > 0 && (
            <Dropdown disabled={none} menu={{ items: moveTargets, onClick: ({ key }) => act(key === 'inbox' ? mailApi.move(checked, 'inbox') : mailApi.move(checked, 'custom', key.slice(7))) }}>
              <Button size="small">{t('email.client.moveTo')}</Button>
            </Dropdown>
          )}
          {!inTrash && <Button size="small" danger disabled={none} onClick={() => trash(checked)}>{t('email.client.delete')}</Button>}
          {inTrash && <Button size="small" disabled={none} onClick={() => act(mailApi.restore(checked))}>{t('email.client.restore')}</Button>}
          {(inTrash || folder === 'sent') && (
            <Popconfirm title={t('email.client.purgeConfirm')} disabled={none} onConfirm={() => { after(checked); act(mailApi.purge(checked)); }}>
              <Button size="small" danger disabled={none} data-testid="mail-purge">{t('email.client.purge')}</Button>
            </Popconfirm>
          )}
          <Button size="small" type="text" icon={<ReloadOutlined />} onClick={refresh} title={t('email.client.refresh')} />
        </div>
        <Space style={{ marginBottom: 4, justifyContent: 'space-between', width: '100%' }}>
          <Checkbox checked={unreadOnly} onChange={(e) => { setUnreadOnly(e.target.checked); setPage(1); }}>{t('email.client.unreadOnly')}</Checkbox>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('email.client.total', { total })}</Typography.Text>
        </Space>
        <MailList
          rows={rows} total={total} page={page} pageSize={PAGE_SIZE} loading={loading} currentCopyId={current?.copyId ?? null}
          checked={checked} showRecipients={folder === 'sent' || folder === 'drafts'}
          onPage={setPage} onOpen={open} onCheck={setChecked} onStar={star}
        />
      </div>
      <div className={styles.reader}>
        <MailReader
          mail={current}
          onReply={(mode) => current && compose(`?${new URLSearchParams({ copyId: current.copyId, mode }).toString()}`)}
          onEditDraft={() => current && compose(`?${new URLSearchParams({ emailId: current.emailId }).toString()}`)}
          onStar={() => current && star(current)}
          onDelete={() => current && trash([current.copyId])}
        />
      </div>
    </div>
  );
}

export function MailboxPage() {
  return <ShellRuntime><Mailbox /></ShellRuntime>;
}
