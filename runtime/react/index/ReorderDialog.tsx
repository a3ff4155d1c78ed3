import { Alert, Button, Modal, Spin, Tree, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callPath } from '../../core/naming';
import type { PagedList } from '../data/PagedList';
import { alreadyShown, failureMessage } from '../data/requestFailure';
import type { TreeOption } from '../data/TreeOption';
import { useAsync } from '../data/useAsync';
import { useDataLabel } from '../format/useDataLabel';
import { testIdButtonProps } from '../feedback/testIdButtonProps';
import { useFeedback } from '../feedback/useFeedback';
import type { Row } from '../format/fieldValues';
import type { EntitySchemaBundle } from '../schema/EntitySchemaBundle';
import { useRuntime } from '../useRuntime';
import {
  dropParamsFromTreeDrop, firstChildren, nodesFromRows, nodesFromTree, type ReorderNode, type TreeDropEvent,
} from './reorderTree';

export interface ReorderDialogProps {
  bundle: EntitySchemaBundle;
  onClose(): void;
  /** After each move the server accepted: the list behind the dialog reloads. */
  onMoved(): void;
}

/** A flat entity's rows are read in one page of the list call; the server's largest page. */
const FLAT_PAGE_SIZE = 500;
const DIALOG_WIDTH = 600;

interface LoadedNodes { nodes: ReorderNode[]; truncated: boolean }

/**
 * Drag sort (`drop{E}`): the entity's rows in stored order as a draggable tree — the whole tree
 * for entities with a parent field (a drop onto a node moves into it), one level otherwise. The
 * tree shows the server's order only: a refused move (into its own branch, no permission) leaves
 * it as it was, with the server's reason; an accepted one reloads it and the list behind.
 */
export function ReorderDialog({ bundle, onClose, onMoved }: ReorderDialogProps) {
  const { t } = useTranslation();
  const label = useDataLabel();
  const { request } = useRuntime();
  const { message } = useFeedback();
  const { entity, base } = bundle;
  const isTree = Boolean(entity.parentField);
  const [moving, setMoving] = useState(false);

  const loaded = useAsync<LoadedNodes>(async () => {
    // Menu titles are i18n keys; dictionary labels and names are plain text.
    if (isTree) {
      const answer = await request.get<TreeOption[]>(callPath(base, entity.name, 'tree'));
      return { nodes: nodesFromTree(Array.isArray(answer.data) ? answer.data : [], label), truncated: false };
    }
    const answer = await request.get<PagedList<Row>>(callPath(base, entity.name, 'list'), {
      page: 1, pageSize: FLAT_PAGE_SIZE, prop: entity.sortField, order: 'ascending',
    });
    return { nodes: nodesFromRows(entity, answer.data.list), truncated: answer.data.total > answer.data.list.length };
  }, [base, entity, isTree, request, label]);

  // While a reload runs the previous tree stays (under the spinner): remounting it would fold it up.
  const shown = useRef<LoadedNodes | undefined>(undefined);
  if (loaded.status === 'ready') shown.current = loaded.value;
  const nodes = shown.current?.nodes ?? [];
  const firstChild = useMemo(() => firstChildren(nodes), [nodes]);
  // Opened at the first level: a dictionary's types show their items, a department tree its divisions.
  const initiallyExpanded = useMemo(() => nodes.filter((node) => node.children).map((node) => node.key), [nodes]);

  const onDrop = (info: TreeDropEvent) => {
    const params = dropParamsFromTreeDrop(info, (key) => firstChild.get(key));
    if (!params) return;
    setMoving(true);
    request.post(callPath(base, entity.name, 'drop'), { ...params })
      .then(() => {
        message.success(t('runtime.reorder.saved'));
        loaded.reload();
        onMoved();
      }, (error: unknown) => {
        if (!alreadyShown(error)) message.error(failureMessage(error, t('runtime.message.unknownError')));
      })
      .finally(() => setMoving(false));
  };

  return (
    <Modal
      open
      width={DIALOG_WIDTH}
      title={t('runtime.reorder.title', { entity: t(entity.title) })}
      onCancel={onClose}
      footer={<Button onClick={onClose} {...testIdButtonProps('reorder-close')}>{t('runtime.reorder.close')}</Button>}
      destroyOnHidden
    >
      <div data-testid="reorder-dialog">
        <Typography.Paragraph type="secondary">{t(isTree ? 'runtime.reorder.hintTree' : 'runtime.reorder.hintList')}</Typography.Paragraph>
        {shown.current?.truncated && (
          <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={t('runtime.reorder.truncated', { count: FLAT_PAGE_SIZE })} />
        )}
        {loaded.status === 'error' && <Alert type="error" showIcon message={loaded.error.message} />}
        <Spin spinning={loaded.status === 'loading' || moving}>
          <div style={{ maxHeight: 480, overflow: 'auto', minHeight: 120 }}>
            {shown.current && (
              <Tree<ReorderNode>
                blockNode
                draggable={moving ? false : { icon: false }}
                treeData={nodes}
                defaultExpandedKeys={initiallyExpanded}
                // One level: a row can only go between others, never into one.
                allowDrop={isTree ? undefined : ({ dropPosition }) => dropPosition !== 0}
                onDrop={onDrop}
                titleRender={(node) => <span data-testid={`reorder-node-${node.key}`}>{node.title}</span>}
              />
            )}
          </div>
        </Spin>
      </div>
    </Modal>
  );
}
