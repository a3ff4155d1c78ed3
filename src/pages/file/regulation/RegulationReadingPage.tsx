import { Button, Card, Descriptions, Input, Select, Space, Table, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { request } from '../../../request';
import { formatFileSize } from '../../preview/fileSize';
import { openPreview } from '../../preview/openPreview';

interface RegulationRow { regulationId: string; title: string; fileNo: string; effectiveDate: string; sortName: string | null }
interface Regulation extends RegulationRow { content: string; deptName: string | null; attachments: { attachId: string; name: string; extName: string; fileSize: number }[] }

const PAGE_SIZE = 15;

/**
 * 规章制度查阅: the published regulations of the unit for everyone, searched by title or number and
 * filtered by category; a regulation opens with its text (HTML cleaned by the server when it was
 * saved) and its attachments. The one open is in the address (`?regulationId=`), so a link — a
 * full-text search hit — opens it and the browser's back returns to the list.
 */
export function RegulationReadingPage() {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [sortId, setSortId] = useState<string | undefined>();
  const [sorts, setSorts] = useState<{ value: string; label: string }[]>([]);
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<{ list: RegulationRow[]; total: number } | null>(null);
  const [reading, setReading] = useState<Regulation | null>(null);
  const [params, setParams] = useSearchParams();
  const readingId = params.get('regulationId') ?? '';

  useEffect(() => {
    request.get<{ list: { sortId: string; sortName: string }[] }>('/get/file/getRegulationSortListForSelect', { page: 1, pageSize: 100 }, { quiet: true })
      .then((answer) => setSorts(answer.data.list.map((s) => ({ value: s.sortId, label: s.sortName })))).catch(() => undefined);
  }, []);
  const load = useCallback(async () => {
    try {
      const answer = await request.get<{ list: RegulationRow[]; total: number }>('/get/file/getPublishedRegulations', { keyword, pageNum: page, pageSize: PAGE_SIZE, ...(sortId ? { sortId } : {}) });
      setRows(answer.data);
    } catch { /* shown by the request layer */ }
  }, [keyword, page, sortId]);
  useEffect(() => { void load(); }, [load]);

  useEffect(() => {
    setReading(null);
    if (!readingId) return undefined;
    let current = true;
    request.get<Regulation>('/get/file/getPublishedRegulation', { id: readingId })
      .then((answer) => { if (current) setReading(answer.data); }, () => { /* shown by the request layer */ });
    return () => { current = false; };
  }, [readingId]);
  const open = (id: string) => setParams({ regulationId: id });

  if (reading) {
    return (
      <Card title={reading.title} extra={<Button icon={<ArrowLeftOutlined />} onClick={() => setParams({})}>{t('fileUi.regulation.back')}</Button>}>
        <Descriptions size="small" column={3} items={[
          { key: 'no', label: t('fileUi.regulation.fileNo'), children: reading.fileNo },
          { key: 'sort', label: t('fileUi.regulation.sort'), children: reading.sortName },
          { key: 'date', label: t('fileUi.regulation.effective'), children: reading.effectiveDate },
        ]} />
        {/* Server-cleaned HTML only: every write of this field went through the allow-list sanitiser. */}
        <div className="rich-text" data-testid="regulation-content" dangerouslySetInnerHTML={{ __html: reading.content }} />
        {reading.attachments.length > 0 && (
          <Space direction="vertical" style={{ marginTop: 16 }}>
            <Typography.Text strong>{t('fileUi.regulation.attachments')}</Typography.Text>
            {reading.attachments.map((a) => (
              <Space key={a.attachId}>
                <Typography.Link onClick={() => openPreview(a.attachId, a.extName)}>{a.name}</Typography.Link>
                <Typography.Text type="secondary">{formatFileSize(a.fileSize)}</Typography.Text>
              </Space>
            ))}
          </Space>
        )}
      </Card>
    );
  }

  return (
    <Card title={t('fileUi.regulation.title')}>
      <Space style={{ marginBottom: 16 }} wrap>
        <Input.Search allowClear placeholder={t('fileUi.regulation.search')} style={{ width: 280 }} onSearch={(value) => { setPage(1); setKeyword(value.trim()); }} />
        <Select allowClear placeholder={t('fileUi.regulation.allSorts')} style={{ width: 200 }} options={sorts} value={sortId} onChange={(value) => { setPage(1); setSortId(value); }} />
      </Space>
      <Table<RegulationRow> rowKey="regulationId" loading={!rows} dataSource={rows?.list ?? []}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: rows?.total ?? 0, onChange: setPage, hideOnSinglePage: true }}
        columns={[
          { title: t('fileUi.regulation.fileNo'), dataIndex: 'fileNo', width: 160 },
          { title: t('fileUi.regulation.name'), dataIndex: 'title', render: (title: string, row) => <Typography.Link onClick={() => open(row.regulationId)}>{title}</Typography.Link> },
          { title: t('fileUi.regulation.sort'), dataIndex: 'sortName', width: 140 },
          { title: t('fileUi.regulation.effective'), dataIndex: 'effectiveDate', width: 120 },
        ]} />
    </Card>
  );
}
