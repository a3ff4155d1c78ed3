import { DesignHistory, type DesignDocument, type DesignOperation, type DropPosition } from '../../core';

/** What the screens read: the document, the selected and hovered node, and what undo/redo can do. */
export interface DesignState {
  readonly document: DesignDocument;
  readonly selection: string | undefined;
  readonly hover: string | undefined;
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  /** Where a dragged node or palette item would land now (the canvas draws it). */
  readonly drop: DropIndicator | undefined;
}

export interface DropIndicator {
  id: string;
  position: DropPosition;
}

export interface ApplyOptions {
  /** Consecutive changes with the same key are one undo step (keystrokes of one property). */
  mergeKey?: string;
  /** The node selected after the change (and again after its undo/redo). */
  selection?: string;
}

/**
 * The designer's one source of truth outside React: the core's history plus selection and hover.
 * Components subscribe with selectors (useDesignState), so a change re-renders only the nodes
 * whose objects changed — structural sharing keeps the others identical.
 */
export class DesignStore {
  private readonly history: DesignHistory;
  private readonly listeners = new Set<() => void>();
  private state: DesignState;

  constructor(document: DesignDocument) {
    this.history = new DesignHistory(document);
    this.state = { document, selection: undefined, hover: undefined, canUndo: false, canRedo: false, drop: undefined };
  }

  readonly getState = (): DesignState => this.state;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => { this.listeners.delete(listener); };
  };

  /** Throws DesignOperationError when the core refuses; nothing changes then. */
  apply(operation: DesignOperation, options: ApplyOptions = {}): void {
    const selection = options.selection ?? this.state.selection;
    this.history.apply(operation, { mergeKey: options.mergeKey, selection });
    this.sync(selection);
  }

  undo(): void {
    if (!this.history.canUndo) return;
    this.sync(this.history.undo());
  }

  redo(): void {
    if (!this.history.canRedo) return;
    this.sync(this.history.redo());
  }

  select(id: string | undefined): void {
    this.history.select(id);
    if (id !== this.state.selection) this.set({ ...this.state, selection: id });
  }

  setHover(id: string | undefined): void {
    if (id !== this.state.hover) this.set({ ...this.state, hover: id });
  }

  setDrop(drop: DropIndicator | undefined): void {
    const now = this.state.drop;
    if (now?.id !== drop?.id || now?.position !== drop?.position) this.set({ ...this.state, drop });
  }

  private sync(selection: string | undefined): void {
    const document = this.history.document;
    // A selection whose node is gone (undone insert, removed subtree), or the root, is no selection.
    const kept = selection !== undefined && selection !== document.tree.rootId && document.tree.nodes[selection] ? selection : undefined;
    this.set({ ...this.state, document, selection: kept, canUndo: this.history.canUndo, canRedo: this.history.canRedo });
  }

  private set(state: DesignState): void {
    this.state = state;
    for (const listener of this.listeners) listener();
  }
}
