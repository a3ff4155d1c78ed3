import { fetchImage } from '../request/fetchImage';

export const AVATAR_CALL = '/get/file/getAvatar';

/**
 * A user's avatar as a blob (none: the signed-in user's), or null when there is none to show.
 * Avatars are decoration: every failure is "no picture", never a message (fetchImage).
 */
export function fetchAvatar(userId?: string): Promise<Blob | null> {
  return fetchImage(AVATAR_CALL, userId ? { userId } : {});
}
