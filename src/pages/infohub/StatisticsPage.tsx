import { Alert, Card, Col, Empty, Row, Statistic, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../request';

interface ActiveUsers { days: number; activeUsers: number; users: number }
interface UnitCount { total: number }
interface OrgUsers { total: number; list: { deptId: string; deptName: string; count: number }[] }
interface Points { list: { userId: string; userName: string; points: number }[] }
interface LabDevices { configured: boolean; count: number }
interface LowStock { suppliesId: string; name: string; model?: string; unit?: string; stock: number; warnStock: number }
interface Expiry { days: number; items: { kind: string; id: string; name: string; holder: string; date: string; daysLeft: number }[] }
interface ShopAnswer { configured: boolean }

interface Figures {
  active?: ActiveUsers; units?: UnitCount; org?: OrgUsers; points?: Points; lab?: LabDevices; lowStock?: LowStock[]; expiry?: Expiry; shop?: ShopAnswer;
}

const CALLS: [keyof Figures, string, Record<string, unknown>][] = [
  ['active', 'getActiveUserCount', { days: 7 }], ['units', 'getUnitCount', {}], ['org', 'getOrgUserCount', {}], ['points', 'getUserPoints', { limit: 10 }],
  ['lab', 'getLabDeviceCount', {}], ['lowStock', 'getLowStockWarnings', {}], ['expiry', 'getExpiryWarnings', { days: 30 }], ['shop', 'getShopOrderStatistics', {}],
];

/** 桌面统计: the administrators' figures of the desk statistics calls on one page. */
export function StatisticsPage() {
  const { t } = useTranslation();
  const [figures, setFigures] = useState<Figures>({});
  useEffect(() => {
    let current = true;
    for (const [key, call, params] of CALLS) {
      request.get<unknown>(`/get/info/${call}`, params)
        .then((a) => { if (current) setFigures((f) => ({ ...f, [key]: a.data })); }, () => undefined);
    }
    return () => { current = false; };
  }, []);
  const { active, units, org, points, lab, lowStock, expiry, shop } = figures;
  const col = (name: string) => t(`infohub.statistics.column.${name}`);
  return (
    <div data-testid="infohub-statistics">
      <Row gutter={[16, 16]}>
        <Col xs={12} md={6}><Card><Statistic title={t('infohub.statistics.activeUsers', { days: active?.days ?? 7 })} value={active?.activeUsers ?? '-'} /></Card></Col>
        <Col xs={12} md={6}><Card><Statistic title={t('infohub.statistics.users')} value={active?.users ?? '-'} /></Card></Col>
        <Col xs={12} md={6}><Card><Statistic title={t('infohub.statistics.units')} value={units?.total ?? '-'} /></Card></Col>
        <Col xs={12} md={6}><Card><Statistic title={t('infohub.statistics.labDevices')} value={lab ? (lab.configured ? lab.count : t('infohub.statistics.notConfigured')) : '-'} /></Card></Col>
        <Col xs={24} lg={12}>
          <Card title={t('infohub.statistics.orgUsers')} size="small">
            <Table rowKey="deptId" size="small" pagination={false} dataSource={org?.list ?? []}
              columns={[{ title: col('dept'), dataIndex: 'deptName' }, { title: col('count'), dataIndex: 'count', width: 100 }]} />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('infohub.statistics.points')} size="small">
            {points?.list.length ? (
              <Table rowKey="userId" size="small" pagination={false} dataSource={points.list}
                columns={[{ title: col('user'), dataIndex: 'userName' }, { title: col('points'), dataIndex: 'points', width: 100 }]} />
            ) : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('infohub.statistics.lowStock')} size="small">
            <Table rowKey="suppliesId" size="small" pagination={false} dataSource={lowStock ?? []}
              columns={[
                { title: col('name'), dataIndex: 'name', render: (v: string, r) => `${v}${r.model ? `（${r.model}）` : ''}` },
                { title: col('stock'), dataIndex: 'stock', width: 90, render: (v: number, r) => <Tag color="red">{v}{r.unit ?? ''}</Tag> },
                { title: col('warnStock'), dataIndex: 'warnStock', width: 90 },
              ]} />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('infohub.statistics.expiry', { days: expiry?.days ?? 30 })} size="small">
            <Table rowKey={(r) => `${r.kind}-${r.id}`} size="small" pagination={{ pageSize: 8, hideOnSinglePage: true }} dataSource={expiry?.items ?? []}
              columns={[
                { title: col('kind'), dataIndex: 'kind', width: 110, render: (v: string) => t(`infohub.statistics.kind.${v}`) },
                { title: col('name'), dataIndex: 'name' },
                { title: col('holder'), dataIndex: 'holder', width: 90 },
                { title: col('date'), dataIndex: 'date', width: 110 },
                { title: col('daysLeft'), dataIndex: 'daysLeft', width: 90, render: (v: number) => <Tag color={v < 0 ? 'red' : v <= 7 ? 'orange' : 'blue'}>{v}</Tag> },
              ]} />
          </Card>
        </Col>
        <Col xs={24}>
          <Card title={t('infohub.statistics.shop')} size="small">
            {shop && !shop.configured ? <Alert type="info" showIcon message={t('infohub.statistics.shopNotConfigured')} /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}
          </Card>
        </Col>
      </Row>
    </div>
  );
}
