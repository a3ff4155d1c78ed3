export { fetchAvatar, AVATAR_CALL } from './fetchAvatar';
export { useAvatarVersion } from './avatarVersion';
export { useAvatarUrl } from './useAvatarUrl';
