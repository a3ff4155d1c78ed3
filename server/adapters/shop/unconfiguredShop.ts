import type { ShopAdapter } from './ShopAdapter';

/** Development, and any installation without a shop: no request is sent, the answer says so. */
export const unconfiguredShopAdapter: ShopAdapter = {
  kind: 'unconfigured',
  async orderStatistics() { return { configured: false }; },
  async sellerTradeStatistics() { return { configured: false }; },
  async statusNum() { return { configured: false }; },
};
