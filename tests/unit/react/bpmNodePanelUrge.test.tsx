// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProcessNode } from '../../../runtime/core/bpm';
import { NodePanel } from '../../../src/pages/bpm/designer/NodePanel';
import { approve, chain } from '../core/bpm/engineHarness';
import { fakeServices, installMatchMedia, renderWithRuntime } from './renderWithRuntime';

/** The designer's node panel writes 催办 (allow.urge) only as its refusal: the default is true. */
describe('the process designer’s 催办 checkbox', () => {
  beforeAll(installMatchMedia);
  afterEach(cleanup);

  const show = (node: ProcessNode, onChange: (patch: Partial<ProcessNode>) => void) =>
    renderWithRuntime(<NodePanel def={chain(node)} node={node} permFields={[]} onChange={onChange} />, fakeServices(() => ({ list: [], total: 0 }), []));
  const box = () => screen.getByTestId('designer-allow-urge') as HTMLInputElement;

  it('is checked for a node that says nothing, and unchecking stores urge: false', () => {
    const onChange = vi.fn();
    show(approve('a', ['bob']), onChange);
    expect(box().checked).toBe(true);
    fireEvent.click(box());
    expect(onChange).toHaveBeenLastCalledWith({ allow: { urge: false } });
  });

  it('checking it again removes the key and keeps the other decisions', () => {
    const onChange = vi.fn();
    show(approve('a', ['bob'], { allow: { transfer: true, urge: false } }), onChange);
    expect(box().checked).toBe(false);
    fireEvent.click(box());
    expect(onChange).toHaveBeenLastCalledWith({ allow: { transfer: true } });
  });
});
