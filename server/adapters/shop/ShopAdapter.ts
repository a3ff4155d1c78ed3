/**
 * The online shop the desk's shop statistics come from (spec §7: "shop statistics through a shop
 * request helper": admin order statistics, seller trade statistics, order status counts). The shop
 * is another system with its own tokens; until one is connected every answer is
 * `{configured: false}`, never invented figures.
 */
export type ShopAnswer<T> = { configured: false } | ({ configured: true } & T);

export interface ShopOrderStatistics { orderCount: number; orderAmount: number; days: { date: string; count: number; amount: number }[] }
export interface SellerTradeStatistics { tradeCount: number; tradeAmount: number }
export interface ShopStatusNum { statuses: { status: string; count: number }[] }

/** What the period is: the last `days` days, today included. */
export interface ShopPeriod { days: number }

export interface ShopAdapter {
  /** 'unconfigured' in development and wherever no shop is connected. */
  readonly kind: string;
  orderStatistics(period: ShopPeriod): Promise<ShopAnswer<ShopOrderStatistics>>;
  sellerTradeStatistics(period: ShopPeriod): Promise<ShopAnswer<SellerTradeStatistics>>;
  statusNum(): Promise<ShopAnswer<ShopStatusNum>>;
}
