import { ArrowLeftOutlined, HistoryOutlined, RedoOutlined, UndoOutlined } from '@ant-design/icons';
import { useReactFlow } from '@xyflow/react';
import { App, Button, Space, Tag, Tooltip } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bindingIssues, validateDefinition, type DefinitionIssue, type NodeKind, type ProcessDefinition } from '../../../../runtime/core/bpm';
import { useRuntime } from '../../../../runtime/react';
import { useDataLabel } from '../../../../runtime/react/format/useDataLabel';
import {
  addNode, completeDefinition, edgeId, emptyDefinition, layoutPositions, parseDefinition, setDefaultEdge, updateEdge, updateNode, type Position,
} from './definitionGraph';
import { saveDefinition, transitionProcess, type ProcessRow } from './designerCalls';
import { DesignerCanvas } from './DesignerCanvas';
import { EdgePanel } from './EdgePanel';
import { declareGrantedFields, permissionFields } from './entityBinding';
import { formFieldNames } from './formFieldNames';
import { IssueList } from './IssueList';
import { NodePalette } from './NodePalette';
import { NodePanel } from './NodePanel';
import { ProcessPanel } from './ProcessPanel';
import { useBindableEntities, useBoundEntity } from './useBoundEntity';
import { useDefinitionHistory } from './useDefinitionHistory';
import { VersionsDrawer } from './VersionsDrawer';
import styles from './designer.module.css';

const STATUS_COLOR: Record<string, string> = { draft: 'default', published: 'green', disabled: 'red' };

/** The document as stored and validated: half-filled assignee rules left out, no undefined keys. */
const storedForm = (def: ProcessDefinition): ProcessDefinition => JSON.parse(JSON.stringify(completeDefinition(def))) as ProcessDefinition;

/** True when the key event comes from a text field, where Ctrl+Z belongs to the field. */
const inTextField = (target: EventTarget | null) => target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

export function DesignerEditor({ initialRow }: { initialRow: ProcessRow }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { request, hasPermission, navigate } = useRuntime();
  const flow = useReactFlow();
  const [row, setRow] = useState(initialRow);
  const initial = useMemo(
    () => parseDefinition(initialRow.definition, initialRow.processKey, initialRow.processName)
      ?? emptyDefinition(initialRow.processKey, initialRow.processName, t('bpm.designer.kind.start'), t('bpm.designer.kind.end')),
    [initialRow, t],
  );
  const history = useDefinitionHistory(initial);
  const { def, undo, redo } = history;
  const [selected, setSelected] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [versionsOpen, setVersionsOpen] = useState(false);
  const [savedJson, setSavedJson] = useState(() => JSON.stringify(storedForm(initial)));

  const stored = useMemo(() => storedForm(def), [def]);
  const dataLabel = useDataLabel();
  // A bound process names its entity's fields (docs/WORKFLOW.md › Binding): read from the entity's schema.
  const bound = useBoundEntity(def.entity);
  const bindable = useBindableEntities();
  const localIssues = useMemo(
    () => [...validateDefinition(stored, { meta: false }), ...(bound.entity ? bindingIssues(stored, bound.entity) : [])],
    [stored, bound.entity],
  );
  // What the server refused at publish (it also checks the meta-schema), shown until the next change.
  const [serverIssues, setServerIssues] = useState<{ for: ProcessDefinition; issues: DefinitionIssue[] }>();
  const issues = serverIssues?.for === def ? serverIssues.issues : localIssues;
  const dirty = JSON.stringify(stored) !== savedJson;
  const canWrite = hasPermission('bpm:BpmProcess:update');
  const fieldNames = formFieldNames(def);
  const defWithNames = fieldNames.length === def.formFields.length ? def : { ...def, formFields: fieldNames };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || inTextField(event.target)) return;
      const key = event.key.toLowerCase();
      if (key === 'z' && !event.shiftKey) { event.preventDefault(); undo(); }
      if ((key === 'z' && event.shiftKey) || key === 'y') { event.preventDefault(); redo(); }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [undo, redo]);

  const add = (kind: NodeKind, position?: Position) => {
    let at = position;
    if (!at) {
      // From a click or the keyboard: right of the rightmost node, halfway down, then the view fits so it is in sight.
      const placed = [...layoutPositions(def).values()];
      const ys = placed.map((p) => p.y);
      at = { x: Math.max(0, ...placed.map((p) => p.x)) + 240, y: Math.round((Math.min(...ys) + Math.max(...ys)) / 2) };
      window.setTimeout(() => void flow.fitView({ maxZoom: 1, duration: 200 }), 50);
    }
    const { def: next, id } = addNode(def, kind, t(`bpm.designer.kind.${kind}`), at, t('bpm.designer.kind.join'));
    history.change(next);
    setSelected(id);
  };

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try { await work(); } catch { /* the request layer has shown the server's message */ } finally { setBusy(false); }
  };
  const save = async (): Promise<ProcessRow> => {
    const json = JSON.stringify(stored);
    const saved = await saveDefinition(request, row, json);
    setRow(saved);
    setSavedJson(json);
    return saved;
  };
  const publish = () => {
    if (issues.length > 0) {
      void message.error(t('bpm.designer.fixFirst', { count: issues.length }));
      return;
    }
    void run(async () => {
      const current = dirty ? await save() : row;
      try {
        const published = await transitionProcess(request, current, 'publishBpmProcess');
        setRow(published);
        void message.success(t('bpm.designer.published', { version: published.currentVersion }));
      } catch (error) {
        const refused = (error as { body?: { data?: { issues?: DefinitionIssue[] } } }).body?.data?.issues;
        if (refused) setServerIssues({ for: def, issues: refused });
        throw error;
      }
    });
  };

  const selectedNode = def.nodes.find((n) => n.id === selected);
  const selectedEdge = def.edges.find((e) => edgeId(e) === selected);

  return (
    <div className={styles.page} data-testid="designer">
      <div className={styles.toolbar}>
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/bpm/process')}>{t('bpm.designer.back')}</Button>
        <span className={styles.title}>{dataLabel(row.processName)}</span>
        <Tag color={STATUS_COLOR[row.status]} data-testid="designer-status">{t(`entity.BpmProcess.state.${row.status}`)}</Tag>
        {row.currentVersion > 0 && <Tag>{t('bpm.designer.currentVersion', { version: row.currentVersion })}</Tag>}
        {dirty && <Tag color="orange">{t('bpm.designer.unsaved')}</Tag>}
        <Space.Compact>
          <Tooltip title={t('bpm.designer.undo')}><Button icon={<UndoOutlined />} aria-label={t('bpm.designer.undo')} disabled={!history.canUndo} onClick={history.undo} /></Tooltip>
          <Tooltip title={t('bpm.designer.redo')}><Button icon={<RedoOutlined />} aria-label={t('bpm.designer.redo')} disabled={!history.canRedo} onClick={history.redo} /></Tooltip>
        </Space.Compact>
        <Button icon={<HistoryOutlined />} onClick={() => setVersionsOpen(true)} data-testid="designer-versions-open">{t('bpm.designer.versions')}</Button>
        <Button disabled={!canWrite || !dirty} loading={busy} data-testid="designer-save" onClick={() => void run(async () => { await save(); void message.success(t('bpm.designer.saved')); })}>
          {t('bpm.designer.save')}
        </Button>
        <Button type="primary" disabled={!canWrite} loading={busy} data-testid="designer-publish" onClick={publish}>{t('bpm.designer.publish')}</Button>
        {row.status === 'published' && (
          <Button danger disabled={!canWrite} loading={busy} data-testid="designer-disable"
            onClick={() => void run(async () => { setRow(await transitionProcess(request, row, 'disableBpmProcess')); void message.success(t('bpm.designer.disabled')); })}>
            {t('entity.BpmProcess.transition.disable')}
          </Button>
        )}
      </div>
      <IssueList def={def} issues={issues} onSelect={setSelected} />
      <div className={styles.body}>
        <NodePalette disabled={!canWrite} onAdd={(kind) => add(kind)} />
        <DesignerCanvas
          def={def}
          issues={issues}
          selected={selected}
          readOnly={!canWrite}
          onSelect={setSelected}
          onChange={history.change}
          onMove={history.replace}
          onDragStart={history.checkpoint}
          onDropKind={add}
        />
        <div className={styles.panel}>
          {selectedNode && (
            <NodePanel def={defWithNames} node={selectedNode} permFields={permissionFields(def, selectedNode, bound.entity, dataLabel)}
              onChange={(patch) => history.change(declareGrantedFields(updateNode(def, selectedNode.id, patch), bound.entity))} />
          )}
          {selectedEdge && (
            <EdgePanel def={defWithNames} edge={selectedEdge}
              onChange={(patch) => history.change(updateEdge(def, edgeId(selectedEdge), patch))}
              onDefault={(isDefault) => history.change(setDefaultEdge(def, edgeId(selectedEdge), isDefault))} />
          )}
          {!selectedNode && !selectedEdge && <ProcessPanel def={def} bindable={bindable} bound={bound} onChange={history.change} />}
        </div>
      </div>
      <VersionsDrawer processKey={row.processKey} open={versionsOpen} onClose={() => setVersionsOpen(false)}
        onLoad={(version) => {
          const loaded = parseDefinition(version.definition, row.processKey, row.processName);
          if (loaded) history.change(loaded);
          setVersionsOpen(false);
        }} />
    </div>
  );
}
