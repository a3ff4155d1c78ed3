import { describe, expect, it } from 'vitest';
import type { EntityDef } from '../../../runtime/core/schema';
import type { ServerContext } from '../../../server/context';
import { activeSources } from '../../../server/search/activeSources';
import { SEARCH_SOURCES, searchHitLink, type SearchSource } from '../../../server/search/searchSources';

/**
 * The search sources against the entities installed (server/search/activeSources.ts, called at
 * start by the knowledge module): an absent entity is left out, a named field the entity lacks
 * stops the start — it once left every regulation's attachments out of the index unnoticed.
 * And where hits lead: the source's reader page, the management page only for a source without one.
 */
const entityOf = (name: string, fields: [string, string][]) =>
  ({ name, fields: fields.map(([fieldName, type]) => ({ name: fieldName, type })) }) as unknown as EntityDef;

const regulation = (filesField: [string, string]) => entityOf('RegulationFile', [['title', 'string'], ['fileNo', 'string'], ['content', 'richText'], filesField]);
const contextWith = (...entities: EntityDef[]) => ({ registry: { entities: new Map(entities.map((e) => [e.name, e])) } }) as unknown as ServerContext;

describe('search sources', () => {
  it('indexes every source\'s attachments, the regulations\' files included', () => {
    expect(Object.fromEntries(SEARCH_SOURCES.map((s) => [s.entity, s.attachmentField]))).toEqual({
      Knowledge: 'attachments', News: 'attachments', Notice: 'attachments', RegulationFile: 'files',
    });
    const [active] = activeSources(contextWith(regulation(['files', 'attachments'])));
    expect(active.attachments?.name).toBe('files');
    expect(active.body.map((f) => f.name)).toEqual(['fileNo', 'content']);
  });

  it('leaves out an entity this installation does not have', () => {
    expect(activeSources(contextWith())).toEqual([]);
  });

  it('refuses a named field the entity lacks, or an attachment field holding no files', () => {
    expect(() => activeSources(contextWith(regulation(['attachments', 'attachments'])))).toThrow(/RegulationFile has no field "files"/);
    expect(() => activeSources(contextWith(regulation(['files', 'string'])))).toThrow(/RegulationFile\.files is a string field/);
  });

  it('links every hit to its source\'s reader page, and to the management page only without one', () => {
    const regulations = SEARCH_SOURCES.find((s) => s.entity === 'RegulationFile') as SearchSource;
    expect(searchHitLink(regulations, 'r 1&x', '/file/regulation/manage')).toBe('/file/regulation/read?regulationId=r%201%26x');
    const withoutReader: SearchSource = { ...regulations, readerLink: undefined };
    expect(searchHitLink(withoutReader, 'r1', '/file/regulation/manage')).toBe('/file/regulation/manage/details?id=r1');
    expect(searchHitLink(withoutReader, 'r1', null)).toBeNull();
  });

  it('refuses a reader link that is no in-app path naming the record', () => {
    const regulations = SEARCH_SOURCES.find((s) => s.entity === 'RegulationFile') as SearchSource;
    const start = (readerLink: string) => () => activeSources(contextWith(regulation(['files', 'attachments'])), [{ ...regulations, readerLink }]);
    expect(start('/file/regulation/read?regulationId={id}')).not.toThrow();
    expect(start('/file/regulation/read')).toThrow(/RegulationFile's readerLink "\/file\/regulation\/read" is no in-app path naming \{id\}/);
    expect(start('javascript:alert({id})')).toThrow(/is no in-app path/);
    expect(start('//elsewhere.example/{id}')).toThrow(/is no in-app path/);
  });
});
