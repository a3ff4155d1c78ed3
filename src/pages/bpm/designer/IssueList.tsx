import { Alert, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DefinitionIssue, ProcessDefinition } from '../../../../runtime/core/bpm';
import { issueTarget } from './definitionGraph';
import { issueText } from './issueText';
import { useDataLabel } from '../../../../runtime/react/format/useDataLabel';
import styles from './designer.module.css';

/** What stops publishing, live; clicking an issue selects its node or edge on the canvas. */
export function IssueList({ def, issues, onSelect }: { def: ProcessDefinition; issues: DefinitionIssue[]; onSelect(id: string | undefined): void }) {
  const { t } = useTranslation();
  const dataLabel = useDataLabel();
  if (issues.length === 0) return <Alert type="success" showIcon message={t('bpm.designer.valid')} data-testid="designer-valid" />;
  return (
    <Alert
      type="error"
      showIcon
      data-testid="designer-issues"
      message={t('bpm.designer.issueCount', { count: issues.length })}
      description={(
        <List size="small" className={styles.issues} dataSource={issues} renderItem={(issue) => {
          const target = issueTarget(def, issue);
          return (
            <List.Item style={{ padding: '2px 0' }}>
              <Typography.Link onClick={() => onSelect(target.nodeId ?? target.edgeId)} data-testid={`designer-issue-${issue.code}`}>
                {issueText(t, dataLabel, def, issue)}
              </Typography.Link>
            </List.Item>
          );
        }} />
      )}
    />
  );
}
