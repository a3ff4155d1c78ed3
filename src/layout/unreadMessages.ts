import { create } from 'zustand';
import { request } from '../request';

export type MessageType = 'system' | 'reminder' | 'flow';
export const MESSAGE_TYPES: readonly MessageType[] = ['system', 'reminder', 'flow'];

interface UnreadMessages {
  count: number;
  byType: Record<MessageType, number>;
  /** Asks the server again; the bell and the message page both show the answer at once. */
  refresh(): Promise<void>;
}

/**
 * The signed-in user's unread messages, shared by the bell and the message page: marking a
 * message read refreshes it, so the badge drops without waiting for the next poll. A failed
 * poll keeps the last figures (the next one tries again).
 */
export const useUnreadMessages = create<UnreadMessages>((set) => ({
  count: 0,
  byType: { system: 0, reminder: 0, flow: 0 },
  async refresh() {
    try {
      const answer = await request.get<{ count: number; byType?: Partial<Record<MessageType, number>> }>(
        '/get/system/getUnreadMessageCount', {}, { quiet: true });
      const byType = answer.data?.byType ?? {};
      set({
        count: Number(answer.data?.count) || 0,
        byType: { system: Number(byType.system) || 0, reminder: Number(byType.reminder) || 0, flow: Number(byType.flow) || 0 },
      });
    } catch {
      // Quiet on purpose: the badge is not worth an error dialog.
    }
  },
}));
