import { areaList } from '@vant/area-data';
import { buildDivisionTable, type DivisionTable } from '../../../runtime/core/geo';

let table: DivisionTable | undefined;

/**
 * The offline division table: provinces, cities and counties of @vant/area-data (MIT, maintained
 * with the Vant UI library; GB/T 2260 codes, including Hong Kong, Macao and Taiwan). Built on
 * first use and shared: about 3,900 entries, read-only.
 */
export function chinaDivisions(): DivisionTable {
  table ??= buildDivisionTable(areaList);
  return table;
}
