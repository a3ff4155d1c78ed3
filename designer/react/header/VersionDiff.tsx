import { Empty, Modal, Spin, Table, Tag } from 'antd';
import { Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { diffEntityDocuments, type DesignChange } from '../../core';
import { LazyJsonDiffEditor } from '../monaco/lazyEditors';

/** One side of a comparison: a published version, or the page's draft. */
export interface DiffSide {
  /** What the header calls it: "v3", or the draft's words. */
  title: string;
  /** A model path of its own for Monaco ("version/3", "draft"). */
  path: string;
  schema: Record<string, unknown>;
}

const KIND_COLOUR: Record<DesignChange['kind'], string> = { added: 'green', removed: 'red', changed: 'blue' };

/**
 * 对比: what changed from one side to the other — a list of the changes (fields, layout, list,
 * flow states and transitions, texts) above the two JSON documents side by side.
 */
export function VersionDiff({ before, after, onClose }: { before: DiffSide; after: DiffSide; onClose(): void }) {
  const { t } = useTranslation();
  const changes = useMemo(() => diffEntityDocuments(before.schema, after.schema), [before.schema, after.schema]);
  return (
    <Modal open width={1100} footer={null} onCancel={onClose} destroyOnHidden data-testid="design-version-diff"
      title={t('designer.diff.title', { before: before.title, after: after.title })}>
      {changes.length === 0
        ? <Empty description={t('designer.diff.none')} />
        : (
          <Table<DesignChange> size="small" rowKey={(row) => `${row.part}:${row.kind}:${row.name}`} dataSource={changes}
            pagination={changes.length > 8 ? { pageSize: 8, size: 'small' } : false} data-testid="design-diff-changes"
            columns={[
              { title: t('designer.diff.part'), dataIndex: 'part', width: 120, render: (part: string) => t(`designer.diff.parts.${part}`) },
              { title: t('designer.diff.kind'), dataIndex: 'kind', width: 90, render: (kind: DesignChange['kind']) => <Tag color={KIND_COLOUR[kind]}>{t(`designer.diff.kinds.${kind}`)}</Tag> },
              { title: t('designer.diff.name'), dataIndex: 'name', render: (name: string) => <code>{name}</code> },
              { title: t('designer.diff.properties'), dataIndex: 'properties', render: (properties?: string[]) => properties?.join(', ') },
            ]} />
        )}
      <div style={{ height: 420, marginTop: 12 }}>
        <Suspense fallback={<Spin />}>
          <LazyJsonDiffEditor before={JSON.stringify(before.schema, null, 2)} after={JSON.stringify(after.schema, null, 2)}
            beforePath={`file:///diff/${before.path}.json`} afterPath={`file:///diff/${after.path}.json`} />
        </Suspense>
      </div>
    </Modal>
  );
}
