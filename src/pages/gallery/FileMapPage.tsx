import { FileTextOutlined, LinkOutlined } from '@ant-design/icons';
import { Button, Card, Col, Empty, List, Row, Tree, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { request } from '../../request';
import { detailsPath } from '../../../runtime/react/paths';

interface SortRow { sortId: string; sortName: string; parentId: string | null }
interface ItemRow { itemId: string; title: string; description: string | null; link: string | null; attachment: string | null }
interface Page<T> { list: T[] }
interface TreeNode { key: string; title: string; children: TreeNode[] }

function toTree(rows: SortRow[]): TreeNode[] {
  const nodes = new Map(rows.map((r) => [r.sortId, { key: r.sortId, title: r.sortName, children: [] as TreeNode[] }]));
  const roots: TreeNode[] = [];
  for (const row of rows) (row.parentId && nodes.get(row.parentId) ? nodes.get(row.parentId)!.children : roots).push(nodes.get(row.sortId)!);
  return roots;
}

/**
 * 文档地图: the map's categories as a tree and the entries of the chosen one; opening an entry
 * records the reading (openFileMapItem) and follows its link — in the app, or in a new tab for an
 * outside address — or opens the entry's details with its attachments.
 */
export function FileMapPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [sorts, setSorts] = useState<SortRow[]>([]);
  const [chosen, setChosen] = useState<string | null>(null);
  const [items, setItems] = useState<ItemRow[] | null>(null);

  useEffect(() => {
    void request.get<Page<SortRow>>('/get/file/getFileMapSortList', { page: 1, pageSize: 500 }).then(({ data }) => setSorts(data.list));
  }, []);
  useEffect(() => {
    if (!chosen) return;
    void request.get<Page<ItemRow>>('/get/file/getFileMapItemList', { page: 1, pageSize: 200, filterObj: JSON.stringify({ sortId: { value: chosen } }) })
      .then(({ data }) => setItems(data.list));
  }, [chosen]);
  const tree = useMemo(() => toTree(sorts), [sorts]);

  const openItem = async (item: ItemRow) => {
    const { data } = await request.post<{ link: string | null }>('/set/file/openFileMapItem', { id: item.itemId });
    if (data.link?.startsWith('/')) navigate(data.link);
    else if (data.link) window.open(data.link, '_blank', 'noopener,noreferrer');
    else navigate(detailsPath('/gallery/mapItem', item.itemId));
  };

  return (
    <Row gutter={16}>
      <Col xs={24} md={7}>
        <Card title={t('entity.FileMapSort.title')} size="small">
          {tree.length > 0 && <Tree treeData={tree} defaultExpandAll onSelect={(keys) => { setChosen(keys[0] ? String(keys[0]) : null); setItems(null); }} data-testid="file-map-tree" />}
        </Card>
      </Col>
      <Col xs={24} md={17}>
        <Card title={t('menu.galleryFileMap')} size="small">
          {!chosen ? <Empty description={t('gallery.map.empty')} /> : (
            <List
              loading={items === null}
              dataSource={items ?? []}
              locale={{ emptyText: t('gallery.map.noItems') }}
              renderItem={(item) => (
                <List.Item actions={[<Button key="open" type="link" onClick={() => void openItem(item)}>{t('gallery.map.open')}</Button>]}>
                  <List.Item.Meta
                    avatar={item.link ? <LinkOutlined /> : <FileTextOutlined />}
                    title={item.title}
                    description={<Typography.Text type="secondary">{item.description}</Typography.Text>}
                  />
                </List.Item>
              )}
            />
          )}
        </Card>
      </Col>
    </Row>
  );
}
