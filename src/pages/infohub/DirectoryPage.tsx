import { Button, Card, Collapse, Empty, Input, Space, Table, Tabs, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { request } from '../../request';

interface Colleague { userId: string; userName: string; deptName: string; position: string; phone: string; email: string }
interface LevelGroup { levelId: string | null; levelName: string | null; levelNo: number | null; users: Colleague[] }
interface Contact {
  bookId: string; name: string; company?: string; department?: string; position?: string; mobile?: string; phone?: string; email?: string;
  groupName?: string; createUserName?: string;
}
interface ContactPage { list: Contact[]; total: number }

const PAGE_SIZE = 20;
const MY_CONTACTS_PATH = '/infohub/addressBook';

/** A phone number or e-mail as a link that dials or writes, where there is one. */
function reach(value: string | undefined, scheme: 'tel' | 'mailto') {
  return value ? <a href={`${scheme}:${value}`}>{value}</a> : null;
}

/** 同事: the unit's people by user level (getColleagueListByLevel), one panel per level. */
function Colleagues({ keyword }: { keyword: string }) {
  const { t } = useTranslation();
  const [groups, setGroups] = useState<LevelGroup[] | null>(null);
  useEffect(() => {
    let current = true;
    request.get<LevelGroup[]>('/get/info/getColleagueListByLevel', keyword ? { keyword } : {})
      .then((a) => { if (current) setGroups(a.data); }, () => { if (current) setGroups([]); });
    return () => { current = false; };
  }, [keyword]);
  const columns: ColumnsType<Colleague> = [
    { title: t('infohub.directory.column.userName'), dataIndex: 'userName', width: 120 },
    { title: t('infohub.directory.column.deptName'), dataIndex: 'deptName', width: 160 },
    { title: t('infohub.directory.column.position'), dataIndex: 'position', width: 150 },
    { title: t('infohub.directory.column.phone'), dataIndex: 'phone', width: 150, render: (v: string) => reach(v, 'tel') },
    { title: t('infohub.directory.column.email'), dataIndex: 'email', render: (v: string) => reach(v, 'mailto') },
  ];
  if (groups === null) return <Card loading bordered={false} />;
  if (groups.length === 0) return <Empty />;
  return (
    <Collapse defaultActiveKey={groups.map((g) => g.levelId ?? '')} data-testid="colleague-levels"
      items={groups.map((g) => ({
        key: g.levelId ?? '',
        label: <Space>{g.levelName ?? t('infohub.directory.noLevel')}<Tag>{t('infohub.directory.people', { count: g.users.length })}</Tag></Space>,
        children: <Table rowKey="userId" size="small" columns={columns} dataSource={g.users} pagination={false} />,
      }))} />
  );
}

/** 共享联系人 (getSharedAddressBookList) or 我的联系人 (the generic list of one's own entries). */
function Contacts({ path, keyword, shared }: { path: string; keyword: string; shared: boolean }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [data, setData] = useState<ContactPage | null>(null);
  useEffect(() => setPage(1), [keyword]);
  useEffect(() => {
    let current = true;
    request.get<ContactPage>(path, { page, pageSize: PAGE_SIZE, keyword, prop: 'name', order: 'ascending' })
      .then((a) => { if (current) setData(a.data); }, () => { if (current) setData({ list: [], total: 0 }); });
    return () => { current = false; };
  }, [path, page, keyword]);
  const field = (name: string) => t(`entity.AddressBook.field.${name}`);
  const columns: ColumnsType<Contact> = [
    { title: field('name'), dataIndex: 'name', width: 110 },
    { title: field('company'), dataIndex: 'company', width: 200 },
    { title: field('position'), dataIndex: 'position', width: 110 },
    { title: field('mobile'), dataIndex: 'mobile', width: 130, render: (v?: string) => reach(v, 'tel') },
    { title: field('phone'), dataIndex: 'phone', width: 130, render: (v?: string) => reach(v, 'tel') },
    { title: field('email'), dataIndex: 'email', render: (v?: string) => reach(v, 'mailto') },
    { title: field('groupName'), dataIndex: 'groupName', width: 100, render: (v?: string) => (v ? <Tag>{v}</Tag> : null) },
    ...(shared ? [{ title: t('infohub.directory.column.sharedBy'), dataIndex: 'createUserName', width: 100 }] : []),
  ];
  return (
    <Table rowKey="bookId" size="small" loading={data === null} columns={columns} dataSource={data?.list ?? []} scroll={{ x: 1000 }}
      pagination={{ current: page, pageSize: PAGE_SIZE, total: data?.total ?? 0, onChange: setPage, showSizeChanger: false }} />
  );
}

/**
 * 通讯录: colleagues by level, the contacts colleagues share, and one's own contacts — one search
 * over the three. One's own entries are kept (and imported from Excel) on the 我的通讯录 page.
 */
export function DirectoryPage() {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  return (
    <Card title={t('menu.infohubDirectory')} data-testid="infohub-directory"
      extra={(
        <Space>
          <Input.Search allowClear placeholder={t('infohub.directory.search')} onSearch={(v) => setKeyword(v.trim())} style={{ width: 260 }} data-testid="directory-search" />
          <Link to={MY_CONTACTS_PATH}><Button>{t('infohub.directory.manageMine')}</Button></Link>
        </Space>
      )}>
      <Tabs items={[
        { key: 'colleagues', label: t('infohub.directory.colleagues'), children: <Colleagues keyword={keyword} /> },
        { key: 'shared', label: t('infohub.directory.shared'), children: <Contacts path="/get/info/getSharedAddressBookList" keyword={keyword} shared /> },
        { key: 'mine', label: t('infohub.directory.mine'), children: <Contacts path="/get/info/getAddressBookList" keyword={keyword} shared={false} /> },
      ]} />
    </Card>
  );
}
