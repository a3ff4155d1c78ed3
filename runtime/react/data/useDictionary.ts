import type { OptionItem } from '../../core/schema/types';
import type { RuntimeCaches } from '../RuntimeContext';
import type { RuntimeServices } from '../RuntimeServices';
import { useRuntime, useRuntimeCaches } from '../useRuntime';
import { useAsync } from './useAsync';

export const DICTIONARY_PATH = '/get/system/getDicByCode';

const NO_OPTIONS: OptionItem[] = [];
const NO_DICTIONARIES: Record<string, OptionItem[]> = {};

/** The options of one dictionary code, fetched once per code and language (labels are localised by the server). */
function loadDictionary(services: RuntimeServices, caches: RuntimeCaches, code: string): Promise<OptionItem[]> {
  return caches.dictionaries.get(`${services.language}:${code}`, async () => {
    const answer = await services.request.get<OptionItem[]>(DICTIONARY_PATH, { code });
    return Array.isArray(answer.data) ? answer.data : [];
  });
}

/**
 * The options of a dictionary code. Empty while loading or when the code is missing, so callers
 * can render at once.
 */
export function useDictionary(code: string | undefined): OptionItem[] {
  const services = useRuntime();
  const caches = useRuntimeCaches();
  const state = useAsync(
    () => (code ? loadDictionary(services, caches, code) : Promise.resolve(NO_OPTIONS)),
    [code, services.language, services.request, caches],
  );
  return state.status === 'ready' ? state.value : NO_OPTIONS;
}

/** The options of several codes at once, by code (a list sizing its dictionary columns); empty until all arrived. */
export function useDictionaries(codes: readonly string[]): Record<string, OptionItem[]> {
  const services = useRuntime();
  const caches = useRuntimeCaches();
  const state = useAsync(
    async () => Object.fromEntries(await Promise.all(codes.map(async (code) => [code, await loadDictionary(services, caches, code)] as const))),
    [codes.join(','), services.language, services.request, caches],
  );
  return state.status === 'ready' ? state.value : NO_DICTIONARIES;
}
