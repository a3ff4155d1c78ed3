import type { OptionItem } from '../../core/schema/types';
import { useRuntime, useRuntimeCaches } from '../useRuntime';
import { useAsync } from './useAsync';

export const DICTIONARY_PATH = '/get/system/getDicByCode';

const NO_OPTIONS: OptionItem[] = [];

/**
 * The options of a dictionary code, fetched once per code and language (labels are localised
 * by the server). Empty while loading or when the code is missing, so callers can render at once.
 */
export function useDictionary(code: string | undefined): OptionItem[] {
  const { request, language } = useRuntime();
  const caches = useRuntimeCaches();
  const state = useAsync(
    () => (code
      ? caches.dictionaries.get(`${language}:${code}`, async () => {
        const answer = await request.get<OptionItem[]>(DICTIONARY_PATH, { code });
        return Array.isArray(answer.data) ? answer.data : [];
      })
      : Promise.resolve(NO_OPTIONS)),
    [code, language, request, caches],
  );
  return state.status === 'ready' ? state.value : NO_OPTIONS;
}
