import { describe, expect, it } from 'vitest';
import { descriptionSpans } from '../../../runtime/react/details/descriptionSpans';

describe('details section spans', () => {
  it('gives wide items a whole line and stretches the item before them and the last one', () => {
    expect(descriptionSpans([false, false, false], 2)).toEqual([1, 1, 2]);
    expect(descriptionSpans([false, true, false, false], 2)).toEqual([2, 2, 1, 1]);
    expect(descriptionSpans([true, true], 3)).toEqual([3, 3]);
    expect(descriptionSpans([], 2)).toEqual([]);
  });
});
