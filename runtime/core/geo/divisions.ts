/**
 * China's administrative divisions (GB/T 2260 six-digit codes) as one table: provinces, cities
 * (prefecture level) and counties. The lists come from a data package (server/adapters/geo);
 * everything here is pure so the server, the browser and the tests read the codes alike.
 */

export type DivisionLevel = 'province' | 'city' | 'county';

export interface Division {
  /** Six digits: PPCCXX (province, city, county). */
  code: string;
  name: string;
  level: DivisionLevel;
  /** null for a province. */
  parentCode: string | null;
}

/** Code → name per level, the shape of the data package (keys are the six-digit codes). */
export interface DivisionLists {
  province_list: Record<string, string>;
  city_list: Record<string, string>;
  county_list: Record<string, string>;
}

export interface DivisionTable {
  byCode: ReadonlyMap<string, Division>;
  /** Children in code order; the key '' holds the provinces. */
  children: ReadonlyMap<string, readonly Division[]>;
}

const CODE_PATTERN = /^\d{6}$/;

export function isDivisionCode(value: unknown): value is string {
  return typeof value === 'string' && CODE_PATTERN.test(value);
}

/**
 * Builds the table. A city belongs to the province of its first two digits, a county to the city
 * of its first four; an entry whose parent is missing from the lists hangs under the nearest
 * ancestor that exists, so no code of the data is unreachable from the tree.
 */
export function buildDivisionTable(lists: DivisionLists): DivisionTable {
  const byCode = new Map<string, Division>();
  const add = (entries: Record<string, string>, level: DivisionLevel, parents: ((code: string) => string)[]) => {
    for (const [code, name] of Object.entries(entries)) {
      if (!isDivisionCode(code) || byCode.has(code)) continue;
      const parentCode = parents.map((parentOf) => parentOf(code)).find((candidate) => byCode.has(candidate)) ?? null;
      byCode.set(code, { code, name: name.trim(), level, parentCode });
    }
  };
  const provinceOf = (code: string) => `${code.slice(0, 2)}0000`;
  const cityOf = (code: string) => `${code.slice(0, 4)}00`;
  add(lists.province_list, 'province', []);
  add(lists.city_list, 'city', [provinceOf]);
  add(lists.county_list, 'county', [cityOf, provinceOf]);

  const children = new Map<string, Division[]>();
  const sorted = [...byCode.values()].sort((a, b) => a.code.localeCompare(b.code));
  for (const division of sorted) {
    // A city or county with no parent in the data would be lost from the tree: show it at the top.
    const key = division.parentCode ?? '';
    const list = children.get(key) ?? [];
    list.push(division);
    children.set(key, list);
  }
  return { byCode, children };
}

/** The children of a division, or the provinces for null/''; undefined for an unknown code. */
export function childDivisions(table: DivisionTable, parentCode: string | null): readonly Division[] | undefined {
  if (!parentCode) return table.children.get('') ?? [];
  if (!table.byCode.has(parentCode)) return undefined;
  return table.children.get(parentCode) ?? [];
}

/** The province a division lies in (itself for a province). */
export function provinceOf(table: DivisionTable, code: string): Division | undefined {
  let division = table.byCode.get(code);
  while (division && division.parentCode) division = table.byCode.get(division.parentCode);
  return division;
}

/**
 * The place a code stands for when a city is wanted (a saved city, weather, an IP lookup): a
 * city or county as it is; a province only when it is a municipality — it has a city of its own
 * name (北京市 110000 → 北京市 110100); otherwise, and for unknown codes, null.
 */
export function resolvePlace(table: DivisionTable, code: string): Division | null {
  const division = table.byCode.get(code);
  if (!division) return null;
  if (division.level !== 'province') return division;
  return (table.children.get(division.code) ?? []).find((city) => city.level === 'city' && city.name === division.name) ?? null;
}

/** A division with the names a list shows beside it. */
export interface DivisionMatch extends Division {
  provinceCode: string;
  provinceName: string;
  /** The city of a county; null for a city. */
  cityName: string | null;
}

export function describeDivision(table: DivisionTable, division: Division): DivisionMatch {
  const province = provinceOf(table, division.code) ?? division;
  const parent = division.parentCode ? table.byCode.get(division.parentCode) : undefined;
  return {
    ...division,
    provinceCode: province.code,
    provinceName: province.name,
    cityName: division.level === 'county' && parent?.level === 'city' ? parent.name : null,
  };
}

/**
 * Cities and counties whose name contains `text` (or whose code is `text`), best first: exact
 * names, then names starting with the text, then the rest; cities before counties; code order.
 * Provinces are not places to pick (a municipality's namesake city is).
 */
export function searchDivisions(table: DivisionTable, text: string, limit: number): DivisionMatch[] {
  const wanted = text.trim();
  if (wanted === '') return [];
  const rank = (division: Division): number => {
    if (division.code === wanted || division.name === wanted) return 0;
    return division.name.startsWith(wanted) ? 1 : 2;
  };
  return [...table.byCode.values()]
    .filter((division) => division.level !== 'province' && (division.code === wanted || division.name.includes(wanted)))
    .map((division) => ({ division, rank: rank(division) }))
    .sort((a, b) => a.rank - b.rank
      || (a.division.level === b.division.level ? 0 : a.division.level === 'city' ? -1 : 1)
      || a.division.code.localeCompare(b.division.code))
    .slice(0, Math.max(0, limit))
    .map(({ division }) => describeDivision(table, division));
}
