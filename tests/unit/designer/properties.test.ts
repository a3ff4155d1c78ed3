import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assertMetaValid, checkEntityConsistency, normaliseEntity } from '../../../runtime/core/schema';
import {
  applyOperation, canContain, DesignHistory, DesignOperationError, fromEntityDocument, rowsFull, toEntityDocument,
} from '../../../designer/core';
import type { DesignDocument, DesignTree } from '../../../designer/core';
import { richDocument, schemaFile } from './fixtures';
import { operationFrom, operationSeed, type OperationSeed } from './randomOperations';

/**
 * Random operation sequences over real documents. After every step the tree is sound, undo is
 * exact, a save/load round trip loses nothing and the suite's own load checks pass: the designer
 * can never hand the server a document it would refuse.
 */
const starts: [string, string, () => Record<string, unknown>][] = [
  ['HrContract (tabs, a grid of rows, hiddenWhen, a rule)', 'hr', () => schemaFile('hr/HrContract.json')],
  ['a document naming its fields everywhere (flow, actions, participants)', 'designer', () => richDocument()],
  ['LeaveRecord (a flow with a guard, the default details)', 'hr', () => schemaFile('hr/LeaveRecord.json')],
  ['SalaryRecord (a summary row of money fields)', 'hr', () => schemaFile('hr/SalaryRecord.json')],
  ['Vote (a sub-table, actions)', 'community', () => schemaFile('community/Vote.json')],
];

/** Plain checks, not expect(): this runs for every node at every step, and expect() is slow. */
function check(condition: boolean, message: string): void {
  if (!condition) throw new Error(message);
}

function assertSound(doc: DesignDocument, before: DesignTree): void {
  const { tree } = doc;
  const parents = new Map<string, string>();
  const visit = (id: string) => {
    const node = tree.nodes[id];
    check(node !== undefined && node.id === id, `node ${id} exists under its own id`);
    for (const child of node.children) {
      // One parent each, hence no cycle either.
      check(!parents.has(child), `${child} has one parent`);
      parents.set(child, id);
      check(tree.nodes[child] !== undefined && canContain(node.kind, tree.nodes[child].kind), `${node.kind} takes ${tree.nodes[child]?.kind}`);
      visit(child);
    }
  };
  check(tree.nodes[tree.rootId]?.kind === 'root', 'the root');
  visit(tree.rootId);
  // Every node is reachable: none left behind, and ids are unique (they are the table's keys).
  check(parents.size + 1 === Object.keys(tree.nodes).length, 'no unreachable node');
  const fields = new Set(doc.entity.fields.map((f) => f.name));
  const placed = new Set<string>();
  for (const node of Object.values(tree.nodes)) {
    if (node.kind === 'grid' || node.kind === 'tabs') check(node.children.length > 0, `${node.kind} ${node.id} is not empty`);
    if (node.kind === 'grid') {
      const old = before.nodes[node.id];
      const changed = !old || old.children.join() !== node.children.join();
      // A grid whose cols the step changed fills its rows (a one-row grid: 24 exactly).
      if (changed) check(rowsFull(node.children.map((c) => tree.nodes[c].props.span as number)), `grid ${node.id} rows are full`);
    }
    if (node.kind === 'field') {
      const key = node.props.field as string;
      check(fields.has(key), `field ${key} is declared`);
      check(!placed.has(key), `field ${key} is placed once`);
      placed.add(key);
    }
  }
}

/** The suite's own load checks, as the server runs them at start. */
function assertLoads(doc: DesignDocument, moduleName: string): void {
  const file = toEntityDocument(doc);
  assertMetaValid('entity', 'designed.json', file);
  checkEntityConsistency('designed.json', file, normaliseEntity(file, moduleName));
}

/** Applies the seeds' operations in turn, checking each step; answers the last document. */
function run(start: DesignDocument, seeds: OperationSeed[], everyStep: (doc: DesignDocument) => void, counts: { applied: number; refused: number }): DesignDocument {
  let doc = start;
  for (const seed of seeds) {
    const op = operationFrom(doc, seed);
    if (!op) continue;
    const snapshot = JSON.stringify(doc);
    let result;
    try {
      result = applyOperation(doc, op);
    } catch (error) {
      if (!(error instanceof DesignOperationError)) throw error;
      // A refusal changes nothing.
      check(JSON.stringify(doc) === snapshot, 'a refusal changes nothing');
      counts.refused += 1;
      continue;
    }
    counts.applied += 1;
    assertSound(result.document, doc.tree);
    // undo ∘ do = identity (compared as JSON: deep equality, key order included, and fast)
    check(JSON.stringify(applyOperation(result.document, result.inverse).document) === snapshot, 'undo gives the previous document');
    // Lossless: what is saved loads back to the same document.
    const file = JSON.stringify(toEntityDocument(result.document));
    check(JSON.stringify(toEntityDocument(fromEntityDocument(JSON.parse(file)))) === file, 'save → load → save is lossless');
    everyStep(result.document);
    doc = result.document;
  }
  return doc;
}

describe.each(starts)('random operations on %s', (_name, moduleName, raw) => {
  const start = fromEntityDocument(raw());
  // Compiles ajv's validators outside the timed properties.
  assertLoads(start, moduleName);

  it('keep the tree sound, undo exact and saving lossless after every step; the end loads', () => {
    const counts = { applied: 0, refused: 0 };
    fc.assert(fc.property(fc.array(operationSeed, { minLength: 1, maxLength: 8 }), (seeds) => {
      assertLoads(run(start, seeds, () => {}, counts), moduleName);
    }), { numRuns: 120 });
    // The generator mostly builds operations that can succeed, and some that cannot.
    expect(counts.applied).toBeGreaterThan(counts.refused);
    expect(counts.refused).toBeGreaterThan(0);
  });

  it('hand the server a document it loads after every step', () => {
    const counts = { applied: 0, refused: 0 };
    fc.assert(fc.property(fc.array(operationSeed, { minLength: 1, maxLength: 6 }), (seeds) => {
      run(start, seeds, (doc) => assertLoads(doc, moduleName), counts);
    }), { numRuns: 120 });
    expect(counts.applied).toBeGreaterThan(0);
  });
});

describe('history over random operations', () => {
  it('undoing every step gives the start back, redoing them the end', () => {
    const start = fromEntityDocument(schemaFile('hr/HrContract.json'));
    fc.assert(fc.property(fc.array(operationSeed, { minLength: 1, maxLength: 15 }), (seeds) => {
      let now = 0;
      const history = new DesignHistory(start, { clock: () => now });
      for (const seed of seeds) {
        const op = operationFrom(history.document, seed);
        if (!op) continue;
        now += seed.c * 30;
        try {
          history.apply(op, { mergeKey: seed.loose ? 'k' : undefined });
        } catch (error) {
          if (!(error instanceof DesignOperationError)) throw error;
        }
      }
      const end = history.document;
      while (history.canUndo) history.undo();
      expect(history.document).toEqual(start);
      while (history.canRedo) history.redo();
      expect(history.document).toBe(end);
    }), { numRuns: 120 });
  });
});

describe('random operations on every schema file of the suite', () => {
  it('end in a document the load accepts', async () => {
    const { readdirSync } = await import('node:fs');
    const { resolve } = await import('node:path');
    const base = resolve(__dirname, '../../../schemas');
    const files = readdirSync(base).filter((m) => m !== 'meta').flatMap((module) => readdirSync(resolve(base, module))
      .filter((file) => file.endsWith('.json') && file !== 'module.json')
      .map((file) => ({ module, path: `${module}/${file}` })));
    for (const { module, path } of files) {
      const start = fromEntityDocument(schemaFile(path));
      fc.assert(fc.property(fc.array(operationSeed, { minLength: 1, maxLength: 10 }), (seeds) => {
        let doc = start;
        for (const seed of seeds) {
          const op = operationFrom(doc, seed);
          if (!op) continue;
          try {
            doc = applyOperation(doc, op).document;
          } catch (error) {
            if (!(error instanceof DesignOperationError)) throw error;
          }
        }
        assertLoads(doc, module);
      }), { numRuns: 3 });
    }
    expect(files.length).toBeGreaterThan(100);
  });
});
