import type { LocationAdapter } from './LocationAdapter';

/** Development (and any installation without LOCATION_API_URL): no address is located, the default city applies. */
export const noLocationAdapter: LocationAdapter = {
  kind: 'none',
  async locate() {
    return null;
  },
};
