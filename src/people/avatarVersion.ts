import { create } from 'zustand';

interface AvatarVersionState {
  /** Grows whenever the signed-in user's avatar changes, so every place showing it fetches it again. */
  version: number;
  changed(): void;
}

export const useAvatarVersion = create<AvatarVersionState>((set) => ({
  version: 0,
  changed: () => set((state) => ({ version: state.version + 1 })),
}));
