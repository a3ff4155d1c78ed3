import fs from 'node:fs';
import path from 'node:path';
import { DesignHistory, applyOperation, fromEntityDocument, toEntityDocument, type DesignDocument, type DesignOperation } from '../../designer/core';
import { TABBED_ENTITY, writeBenchSchemas } from '../form/benchSchema';

/**
 * bench/designer, the model half: the operations of designer/core on the 200-field BenchForm
 * design (bench/form/benchSchema.ts), each timed over many runs. An operation's model part must
 * leave most of the 50 ms budget (operation + re-render) to the screen.
 */
export interface ModelFigures { name: string; p50: number; p99: number }

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function time(runs: number, step: (i: number) => void): { p50: number; p99: number } {
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    step(i);
    samples.push(performance.now() - started);
  }
  return { p50: percentile(samples, 50), p99: percentile(samples, 99) };
}

export function benchSchemaDocument(fieldCount: number): unknown {
  const dir = writeBenchSchemas({ fieldCount, tabs: 5, requiredEvery: 2 });
  const folder = fs.readdirSync(dir, { withFileTypes: true }).find((d) => d.isDirectory() && fs.existsSync(path.join(dir, d.name, `${TABBED_ENTITY}.json`)))!;
  return JSON.parse(fs.readFileSync(path.join(dir, folder.name, `${TABBED_ENTITY}.json`), 'utf8'));
}

export function measureModel(fieldCount: number, runs: number): ModelFigures[] {
  const source = benchSchemaDocument(fieldCount);
  const design: DesignDocument = fromEntityDocument(source);
  const fieldNodes = Object.values(design.tree.nodes).filter((n) => n.kind === 'field');
  const containers = Object.values(design.tree.nodes).filter((n) => n.kind === 'tab' || n.kind === 'col');
  const figures: ModelFigures[] = [];
  const add = (name: string, step: (i: number) => void) => figures.push({ name, ...time(runs, step) });

  add('load (fromEntityDocument)', () => { fromEntityDocument(source); });
  add('save (toEntityDocument)', () => { toEntityDocument(design); });
  add('update a property', (i) => {
    const node = fieldNodes[i % fieldNodes.length];
    applyOperation(design, { type: 'updateNode', id: node.id, props: { tips: `tip ${i}` } });
  });
  add('move a field to another container', (i) => {
    const node = fieldNodes[i % fieldNodes.length];
    const target = containers[(i * 7) % containers.length];
    try {
      applyOperation(design, { type: 'move', id: node.id, parentId: target.id, index: 0 });
    } catch { /* a refused move (into itself) is timed too: it is what a drag over a wrong target costs */ }
  });
  add('duplicate a field', (i) => { applyOperation(design, { type: 'duplicate', id: fieldNodes[i % fieldNodes.length].id }); });
  add('remove a field', (i) => { applyOperation(design, { type: 'remove', id: fieldNodes[i % fieldNodes.length].id }); });
  const history = new DesignHistory(design);
  add('history: apply, undo, redo', (i) => {
    const node = fieldNodes[i % fieldNodes.length];
    const op: DesignOperation = { type: 'updateNode', id: node.id, props: { placeholder: `p${i}` } };
    history.apply(op);
    history.undo();
    history.redo();
  });
  return figures;
}
