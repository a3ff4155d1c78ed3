import { describe, expect, it } from 'vitest';
import { DesignHistory, fromEntityDocument, ROOT_ID } from '../../../designer/core';
import { counterIds, richDocument } from './fixtures';

const setup = () => {
  let now = 1000;
  const doc = fromEntityDocument(richDocument(), counterIds());
  const history = new DesignHistory(doc, { clock: () => now });
  return { doc, history, tick: (ms: number) => { now += ms; } };
};

describe('DesignHistory', () => {
  it('undoes and redoes steps, with the selection of each side', () => {
    const { doc, history } = setup();
    expect(history.canUndo).toBe(false);
    history.select('f3');
    history.apply({ type: 'updateNode', id: 'f1', props: { tips: 'x' } }, { selection: 'f1' });
    const after = history.document;
    expect(history.selection).toBe('f1');
    expect(history.canUndo).toBe(true);
    expect(history.undo()).toBe('f3');
    expect(history.document).toBe(doc);
    expect(history.canRedo).toBe(true);
    expect(history.redo()).toBe('f1');
    expect(history.document).toBe(after);
    expect(history.canRedo).toBe(false);
  });

  it('merges operations with the same key within 500 ms into one step', () => {
    const { doc, history, tick } = setup();
    for (const text of ['a', 'ab', 'abc']) {
      history.apply({ type: 'updateNode', id: 'f1', props: { placeholder: text } }, { mergeKey: 'f1.placeholder' });
      tick(400);
    }
    tick(200); // 600 ms since the last: a new step
    history.apply({ type: 'updateNode', id: 'f1', props: { placeholder: 'abcd' } }, { mergeKey: 'f1.placeholder' });
    history.apply({ type: 'updateNode', id: 'f1', props: { tips: 't' } }, { mergeKey: 'f1.tips' });
    expect(history.undoDepth).toBe(3);
    history.undo();
    history.undo();
    expect(history.document.tree.nodes.f1.props.placeholder).toBe('abc');
    history.undo();
    expect(history.document).toBe(doc);
  });

  it('does not merge across an undo, and a new step clears the redo side', () => {
    const { history } = setup();
    history.apply({ type: 'updateNode', id: 'f1', props: { placeholder: 'a' } }, { mergeKey: 'k' });
    history.undo();
    history.apply({ type: 'updateNode', id: 'f1', props: { placeholder: 'b' } }, { mergeKey: 'k' });
    expect(history.canRedo).toBe(false);
    expect(history.undoDepth).toBe(1);
  });

  it('falls back to the root when the selected node is gone', () => {
    const { history } = setup();
    history.select('f1');
    history.apply({ type: 'wrap', id: 'f1', kind: 'grid', newIds: ['wg', 'wc'] }, { selection: 'wg' });
    history.apply({ type: 'updateNode', id: 'f2', props: { tips: 'x' } }, { selection: 'f2' });
    expect(history.undo()).toBe('wg');
    expect(history.undo()).toBe('f1');
    expect(history.redo()).toBe('wg');
    history.select('wc');
    // The selected col goes with the unwrap: the root is selected.
    history.apply({ type: 'unwrap', id: 'wg' });
    expect(history.selection).toBe(ROOT_ID);
    expect(history.undo()).toBe('wc');
    expect(history.redo()).toBe(ROOT_ID);
    history.apply({ type: 'remove', id: 'f2' }, { selection: 'f2' });
    expect(history.selection).toBe(ROOT_ID);
  });

  it('records nothing for a refused operation, and caps the steps at 100', () => {
    const { history } = setup();
    expect(() => history.apply({ type: 'remove', id: ROOT_ID })).toThrow();
    expect(history.canUndo).toBe(false);
    for (let i = 0; i < 120; i += 1) history.apply({ type: 'updateNode', id: 'f1', props: { placeholder: String(i) } });
    expect(history.undoDepth).toBe(100);
    while (history.canUndo) history.undo();
    expect(history.document.tree.nodes.f1.props.placeholder).toBe('19');
  });

  it('tells subscribers and starts over on reset', () => {
    const { doc, history } = setup();
    let calls = 0;
    const stop = history.subscribe(() => { calls += 1; });
    history.apply({ type: 'updateNode', id: 'f1', props: { tips: 'x' } });
    history.undo();
    history.reset(doc);
    stop();
    history.apply({ type: 'updateNode', id: 'f1', props: { tips: 'y' } });
    expect(calls).toBe(3);
    expect(history.redoDepth).toBe(0);
    expect(history.undoDepth).toBe(1);
  });
});
