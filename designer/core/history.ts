import type { DesignDocument, DesignOperation } from './types';
import { applyOperation } from './operations';

/**
 * Undo and redo over whole documents. A step keeps the documents before and after it (structural
 * sharing makes that one reference each, not a copy) and the selection on both sides, so undo
 * puts the user back where the change was made. Keystrokes in one property panel box arrive as
 * many operations with the same `mergeKey`; within MERGE_WINDOW_MS of each other they are one step,
 * or undo would take a label back a letter at a time.
 */
export const MERGE_WINDOW_MS = 500;
export const HISTORY_LIMIT = 100;

export interface HistoryApplyOptions {
  mergeKey?: string;
  /** The selection after the operation; the current one when absent. */
  selection?: string;
}

interface Step {
  before: DesignDocument;
  after: DesignDocument;
  selectionBefore: string | undefined;
  selectionAfter: string | undefined;
  mergeKey?: string;
  at: number;
}

export interface DesignHistoryOptions {
  /** Milliseconds; injectable so tests control merging. */
  clock?: () => number;
  limit?: number;
  selection?: string;
}

/** The selection if its node is in the document, else the root (nothing selected stays nothing). */
function existing(document: DesignDocument, selection: string | undefined): string | undefined {
  return selection === undefined || document.tree.nodes[selection] ? selection : document.tree.rootId;
}

export class DesignHistory {
  private current: DesignDocument;
  private currentSelection: string | undefined;
  private readonly done: Step[] = [];
  private readonly undone: Step[] = [];
  private readonly clock: () => number;
  private readonly limit: number;
  private readonly listeners = new Set<() => void>();

  constructor(document: DesignDocument, options: DesignHistoryOptions = {}) {
    this.current = document;
    this.currentSelection = options.selection;
    this.clock = options.clock ?? (() => Date.now());
    this.limit = options.limit ?? HISTORY_LIMIT;
  }

  get document(): DesignDocument { return this.current; }
  get selection(): string | undefined { return this.currentSelection; }
  get canUndo(): boolean { return this.done.length > 0; }
  get canRedo(): boolean { return this.undone.length > 0; }
  /** Steps to undo (merged keystrokes count once). */
  get undoDepth(): number { return this.done.length; }
  get redoDepth(): number { return this.undone.length; }

  /** A selection change outside an operation (a click on the canvas): not a step. */
  select(id: string | undefined): void {
    this.currentSelection = id;
  }

  /**
   * Applies and records the operation; throws DesignOperationError, recording nothing, when the
   * operation is refused. An operation that changes nothing is not a step.
   */
  apply(op: DesignOperation, options: HistoryApplyOptions = {}): DesignDocument {
    const { document } = applyOperation(this.current, op);
    const selectionAfter = existing(document, options.selection ?? this.currentSelection);
    if (document === this.current) {
      this.currentSelection = selectionAfter;
      return document;
    }
    const now = this.clock();
    const last = this.done[this.done.length - 1];
    if (options.mergeKey !== undefined && last && this.undone.length === 0 && last.mergeKey === options.mergeKey && now - last.at <= MERGE_WINDOW_MS) {
      last.after = document;
      last.selectionAfter = selectionAfter;
      last.at = now;
    } else {
      this.done.push({ before: this.current, after: document, selectionBefore: this.currentSelection, selectionAfter, mergeKey: options.mergeKey, at: now });
      if (this.done.length > this.limit) this.done.shift();
    }
    this.undone.length = 0;
    this.current = document;
    this.currentSelection = selectionAfter;
    this.notify();
    return document;
  }

  /** Answers the selection to show: the one before the step, or the root when its node is gone. */
  undo(): string | undefined {
    const step = this.done.pop();
    if (!step) return this.currentSelection;
    this.undone.push(step);
    return this.move(step.before, step.selectionBefore);
  }

  redo(): string | undefined {
    const step = this.undone.pop();
    if (!step) return this.currentSelection;
    this.done.push(step);
    return this.move(step.after, step.selectionAfter);
  }

  /** Starts over from a document (a reload from the server): no steps either way. */
  reset(document: DesignDocument, selection?: string): void {
    this.current = document;
    this.currentSelection = selection;
    this.done.length = 0;
    this.undone.length = 0;
    this.notify();
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => { this.listeners.delete(listener); };
  }

  private move(document: DesignDocument, selection: string | undefined): string | undefined {
    this.current = document;
    this.currentSelection = existing(document, selection);
    this.notify();
    return this.currentSelection;
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}
