import { useEffect, useState } from 'react';

/** The public call streaming the uploaded sign-in background (uploadBackGroundImg; server/modules/file/configUploads.ts). */
export const LOGIN_BACKGROUND_URL = '/capi/get/file/getLoginBackground';

/**
 * The sign-in page's uploaded background, once the picture has loaded. Until then, and for good
 * when none was uploaded (the call answers 404) or it cannot be shown, it is null and the page
 * keeps the theme colour's gradient: a missing picture never shows as a blank or broken page.
 */
export function useLoginBackground(): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const image = new Image();
    image.onload = () => setUrl(LOGIN_BACKGROUND_URL);
    image.src = LOGIN_BACKGROUND_URL;
    return () => { image.onload = null; };
  }, []);
  return url;
}
