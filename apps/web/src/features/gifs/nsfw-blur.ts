import { useCallback, useState } from 'react';

/** The picker's NSFW blur choice (spec 1 §3: remembered locally), per browser like the theme. */
export const GIF_BLUR_KEY = 'gifNsfwBlur';

/** Blurred unless the user turned it off (spec 1 §2: blurred by default). */
export function readBlurNsfw(storage: Pick<Storage, 'getItem'> = localStorage): boolean {
  try {
    return storage.getItem(GIF_BLUR_KEY) !== 'false';
  } catch {
    return true;
  }
}

export function useBlurNsfw(): [boolean, (blur: boolean) => void] {
  const [blur, setBlur] = useState(readBlurNsfw);
  const change = useCallback((next: boolean) => {
    setBlur(next);
    try {
      localStorage.setItem(GIF_BLUR_KEY, String(next));
    } catch {
      // Storage refused (private mode): the choice lasts for this picker only.
    }
  }, []);
  return [blur, change];
}
