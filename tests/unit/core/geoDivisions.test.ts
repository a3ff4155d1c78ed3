import { describe, expect, it } from 'vitest';
import {
  buildDivisionTable, childDivisions, describeDivision, isDivisionCode, provinceOf, resolvePlace, searchDivisions,
} from '../../../runtime/core/geo';

/** A small slice in the data package's shape, with the quirks the real data has. */
const table = buildDivisionTable({
  province_list: { 110000: '北京市', 210000: '辽宁省', 420000: '湖北省', 500000: '重庆市' },
  city_list: { 110100: '北京市', 211300: '朝阳市', 420100: '武汉市', 429000: '省直辖县', 500100: '重庆市', 500200: '县' },
  county_list: {
    110105: '朝阳区', 211321: '朝阳县', 211381: '北票市', 420102: '江岸区', 429004: '仙桃市',
    500101: '万州区', 500229: '城口县',
    // A county whose city the data lacks hangs under its province.
    420999: '无名区',
  },
});

describe('division table (GB/T 2260 codes)', () => {
  it('recognises six-digit codes only', () => {
    expect(isDivisionCode('110100')).toBe(true);
    for (const value of ['11010', '1101000', 'abcdef', 110100, null, ' 110100']) expect(isDivisionCode(value)).toBe(false);
  });

  it('hangs cities under provinces and counties under cities, in code order', () => {
    expect(childDivisions(table, null)?.map((d) => d.code)).toEqual(['110000', '210000', '420000', '500000']);
    expect(childDivisions(table, '')?.length).toBe(4);
    expect(childDivisions(table, '420000')?.map((d) => d.name)).toEqual(['武汉市', '无名区', '省直辖县']);
    expect(childDivisions(table, '211300')?.map((d) => [d.code, d.level])).toEqual([['211321', 'county'], ['211381', 'county']]);
    expect(childDivisions(table, '211321')).toEqual([]);
    expect(childDivisions(table, '999999')).toBeUndefined();
    expect(table.byCode.get('420999')).toEqual({ code: '420999', name: '无名区', level: 'county', parentCode: '420000' });
  });

  it('finds the province of any division', () => {
    expect(provinceOf(table, '429004')?.name).toBe('湖北省');
    expect(provinceOf(table, '110000')?.name).toBe('北京市');
    expect(provinceOf(table, '123456')).toBeUndefined();
  });

  it('resolves a place: cities and counties as they are, a municipality to its namesake city, other provinces to nothing', () => {
    expect(resolvePlace(table, '420100')?.name).toBe('武汉市');
    expect(resolvePlace(table, '429004')?.name).toBe('仙桃市');
    expect(resolvePlace(table, '110000')?.code).toBe('110100');
    expect(resolvePlace(table, '500000')?.code).toBe('500100');
    expect(resolvePlace(table, '420000')).toBeNull();
    expect(resolvePlace(table, '999999')).toBeNull();
  });

  it('describes a county with its city and province', () => {
    expect(describeDivision(table, table.byCode.get('110105')!)).toEqual({
      code: '110105', name: '朝阳区', level: 'county', parentCode: '110100', provinceCode: '110000', provinceName: '北京市', cityName: '北京市',
    });
    expect(describeDivision(table, table.byCode.get('211300')!)).toMatchObject({ provinceName: '辽宁省', cityName: null });
  });

  it('searches cities and counties by name or code: exact, then prefix, then the rest; cities first', () => {
    expect(searchDivisions(table, '朝阳', 10).map((d) => d.code)).toEqual(['211300', '110105', '211321']);
    expect(searchDivisions(table, '朝阳县', 10).map((d) => d.code)).toEqual(['211321']);
    // An exact name beats a prefix; a contained name comes last.
    expect(searchDivisions(table, '北京市', 10).map((d) => d.code)).toEqual(['110100']);
    expect(searchDivisions(table, '票', 10).map((d) => d.name)).toEqual(['北票市']);
    expect(searchDivisions(table, '500229', 10).map((d) => d.name)).toEqual(['城口县']);
    // Provinces are not offered: 重庆 finds the city and not the province.
    expect(searchDivisions(table, '重庆', 10).map((d) => [d.code, d.level])).toEqual([['500100', 'city']]);
    expect(searchDivisions(table, '  ', 10)).toEqual([]);
    expect(searchDivisions(table, '区', 2)).toHaveLength(2);
  });
});
