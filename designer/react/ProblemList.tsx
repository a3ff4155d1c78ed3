import { Alert, List } from 'antd';
import { useTranslation } from 'react-i18next';
import { toEntityDocument, type DesignDocument } from '../core';
import type { DesignProblem } from './designCalls';
import { useDesignStore } from './state/useDesignState';
import styles from './designer.module.css';

/** The field node that shows `field`, if the form places it. */
function nodeOfField(document: DesignDocument, field: string): string | undefined {
  return Object.values(document.tree.nodes).find((node) => node.kind === 'field' && node.props.field === field)?.id;
}

/**
 * The node a problem's JSON pointer is about: the deepest form node on its path under
 * /form/layout (nodes carry their ids in the document), or the node showing a field of /fields/<i>.
 */
function nodeAt(document: DesignDocument, pointer: string): string | undefined {
  const segments = pointer.split('/').slice(1).map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (segments[0] === 'fields' && segments.length > 1) {
    const field = document.entity.fields[Number(segments[1])];
    return field ? nodeOfField(document, field.name) : undefined;
  }
  if (segments[0] !== 'form' || segments[1] !== 'layout') return undefined;
  let at: unknown = toEntityDocument(document);
  let found: string | undefined;
  for (const segment of segments) {
    at = (at as Record<string, unknown> | undefined)?.[segment];
    const id = (at as { id?: unknown } | undefined)?.id;
    if (typeof id === 'string' && document.tree.nodes[id]) found = id;
  }
  return found;
}

/** What the server found wrong with the draft (at save) or refused (at publish); a click selects the node concerned. */
export function ProblemList({ problems, onShowForm }: { problems: DesignProblem[]; onShowForm(): void }) {
  const { t } = useTranslation();
  const store = useDesignStore();
  if (problems.length === 0) return null;
  const select = (problem: DesignProblem) => {
    const id = nodeAt(store.getState().document, problem.pointer);
    if (!id) return;
    onShowForm();
    store.select(id);
  };
  return (
    <Alert type="warning" showIcon data-testid="design-problems"
      message={t('designer.problems.title', { count: problems.length })}
      description={(
        <List size="small" className={styles.problems} dataSource={problems}
          renderItem={(problem) => (
            <List.Item style={{ cursor: 'pointer', padding: '2px 0' }} onClick={() => select(problem)}>
              <code style={{ marginRight: 8 }}>{problem.pointer}</code>{problem.message}
            </List.Item>
          )} />
      )} />
  );
}
