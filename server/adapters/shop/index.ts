import type { ShopAdapter } from './ShopAdapter';
import { unconfiguredShopAdapter } from './unconfiguredShop';

export type { ShopAdapter, ShopAnswer, ShopPeriod } from './ShopAdapter';

/**
 * The shop adapter of this installation. No shop protocol is implemented yet (the spec's shop keeps
 * its admin and seller tokens elsewhere): every installation gets the unconfigured adapter, and a
 * real one is added here behind the same interface.
 */
export function shopAdapter(): ShopAdapter {
  return unconfiguredShopAdapter;
}
