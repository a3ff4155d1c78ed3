import { useEffect, useRef, useState } from 'react';
import { fetchAvatar } from './fetchAvatar';
import { useAvatarVersion } from './avatarVersion';

/**
 * An object URL of a user's avatar for an <img> (which cannot send the Bearer token), or
 * undefined while loading or when there is none. `userId` undefined: the signed-in user,
 * fetched again after every change of it. The old picture stays until the new one is there;
 * each URL is revoked once replaced, and the last when the component goes away.
 */
export function useAvatarUrl(userId?: string): string | undefined {
  const version = useAvatarVersion((state) => state.version);
  const [url, setUrl] = useState<string | undefined>();
  const current = useRef<string | undefined>();

  useEffect(() => {
    let live = true;
    void fetchAvatar(userId).then((blob) => {
      if (!live) return;
      const previous = current.current;
      current.current = blob ? URL.createObjectURL(blob) : undefined;
      setUrl(current.current);
      if (previous) URL.revokeObjectURL(previous);
    });
    return () => { live = false; };
  }, [userId, version]);

  useEffect(() => () => {
    if (current.current) URL.revokeObjectURL(current.current);
  }, []);
  return url;
}
