import { describe, expect, it } from 'vitest';
import { changedBallotSettings, voteOptionsOf } from '../../../runtime/core/community';

const options = [{ optionKey: 'A', optionText: '甲' }, { optionKey: 'B', optionText: '乙' }];
const stored = { options, multiple: 1, maxChoices: 2, anonymous: 0 };

/** The settings a cast ballot locks (runtime/core/community/vote.ts), as the vote guard and the form read them. */
describe('vote settings locked by a ballot', () => {
  it('reads options from the sub-table rows or their JSON text, dropping rows without a key', () => {
    expect(voteOptionsOf(JSON.stringify(options))).toEqual(options);
    expect(voteOptionsOf([...options, { optionKey: ' ', optionText: '空' }, null])).toEqual(options);
    expect(voteOptionsOf('not json')).toEqual([]);
  });

  it('sees no change in values sent back as the form sends them', () => {
    expect(changedBallotSettings(stored, { ...stored, options: JSON.stringify(options), multiple: true, anonymous: false, title: '新标题' })).toEqual([]);
  });

  it('names each locked setting that changed', () => {
    expect(changedBallotSettings(stored, { ...stored, options: [{ optionKey: 'A', optionText: '甲2' }, options[1]] })).toEqual(['options']);
    expect(changedBallotSettings(stored, { ...stored, options: [options[1], options[0]] })).toEqual(['options']);
    expect(changedBallotSettings(stored, { ...stored, multiple: 0 })).toEqual(['multiple', 'maxChoices']);
    expect(changedBallotSettings(stored, { ...stored, maxChoices: 1 })).toEqual(['maxChoices']);
    expect(changedBallotSettings(stored, { ...stored, anonymous: 1 })).toEqual(['anonymous']);
  });

  it('ignores the most choices of a single-choice vote, which means nothing there', () => {
    const single = { ...stored, multiple: 0, maxChoices: 1 };
    expect(changedBallotSettings(single, { ...single, maxChoices: 5 })).toEqual([]);
  });
});
