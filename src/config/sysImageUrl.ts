/**
 * Address of a configured logo or banner: the public call streams only the images the system
 * configuration names (server/sysConfig/publicConfigCalls.ts), so an `<img>` can show it before
 * sign-in. Read in clear in SM4 mode too (docs/SM4.md).
 */
export function sysImageUrl(attachId: string): string {
  return `/capi/get/file/getSysImage?attachId=${encodeURIComponent(attachId)}`;
}
