/**
 * How many values a filter may list (a select of departments, a set of tags, people). Each value
 * becomes one bound parameter, and the databases refuse a statement with too many (SQLite 32,766,
 * PostgreSQL 65,535) — a request must hear "too many values" long before that, not a server error.
 * Far above what any filter drawer sends.
 */
export const MAX_FILTER_VALUES = 1000;

/** Values all filters of one request may list together. */
export const MAX_FILTER_VALUES_TOTAL = 2000;
