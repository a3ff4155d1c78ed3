/** Earth radius, metres, used by the distance check (spec §5). */
export const EARTH_RADIUS_M = 6_378_137;
/** A distance limit of 0 means "no limit". */
export const NO_DISTANCE_LIMIT = 0;
