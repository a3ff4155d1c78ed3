import { useEffect, useState } from 'react';
import { request } from '../../request';
import type { MenuNode } from '../../session/sessionTypes';
import { menuPageEntries } from './mobileEntries';

/** The menu entry of 流程中心: whoever holds it gets the mobile 待办 tile. */
const BPM_CENTRE_MENU = 'bpmCentre';
/** The engine's to-do list at phone width (MobileTodoPage); the menu entry itself opens the desktop centre. */
export const MOBILE_TODO_PATH = '/app/bpm';

export interface BpmTodoTile {
  /** Open workflow to-dos (getTodoCount.todo); 0 until the count is in. */
  count: number;
}

/**
 * The mobile home's 待办 tile (docs/WORKFLOW.md › Screens): offered to users who hold the 流程中心
 * page, with the open to-do count read once each time the home is shown (coming back from a
 * decision shows the new count). Null for the others.
 */
export function useBpmTodoTile(menu: readonly MenuNode[]): BpmTodoTile | null {
  const shown = menuPageEntries(menu).some((node) => node.name === BPM_CENTRE_MENU);
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (!shown) return undefined;
    let live = true;
    request.get<{ todo: number }>('/get/bpm/getTodoCount', {}, { quiet: true })
      .then((answer) => { if (live) setCount(answer.data.todo); }, () => undefined);
    return () => { live = false; };
  }, [shown]);
  return shown ? { count } : null;
}
