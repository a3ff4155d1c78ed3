import { createContext } from 'react';
import type { OptionItem } from '../core/schema/types';
import type { PromiseCache } from './data/PromiseCache';
import type { TreeOption } from './data/TreeOption';
import type { ListMemory } from './index/listMemory';
import type { RuntimeServices } from './RuntimeServices';
import type { EntitySchemaBundle } from './schema/EntitySchemaBundle';

/**
 * Caches live with the provider, so a new session (a new provider) never sees old answers.
 * Dictionary and tree keys include the language: the server localises their labels.
 */
export interface RuntimeCaches {
  schemas: PromiseCache<EntitySchemaBundle>;
  dictionaries: PromiseCache<OptionItem[]>;
  /** Keyed by language and tree call. */
  entityTrees: PromiseCache<TreeOption[]>;
  /** Each list's query and open tab, kept while the user visits its records. */
  lists: ListMemory;
}

export interface RuntimeContextValue {
  services: RuntimeServices;
  caches: RuntimeCaches;
}

export const RuntimeContext = createContext<RuntimeContextValue | null>(null);
