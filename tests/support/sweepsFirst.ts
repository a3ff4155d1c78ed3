import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Projects of one group in this order: the hostile-input sweeps first, the API files, the unit
 * files last. Vitest's own order runs the projects of a group alphabetically (api, security, unit),
 * so the longest file of the suite (tests/security/injection, a fifth of the group's work) started
 * only when the API files were dispatched and ended the group alone: 562 s where the three
 * workers' share of the work is ~425 s (the run of 29 Nov). Long files first, short ones to fill
 * the end, is the order that finishes a group soonest.
 */
const PROJECT_ORDER = ['security', 'api', 'unit'];

export class SweepsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const at = PROJECT_ORDER.indexOf(spec.project.name);
      return at < 0 ? PROJECT_ORDER.length : at;
    };
    const group = (spec: TestSpecification) => spec.project.config.sequence.groupOrder;
    // Within a project, Vitest's order stands (failed and longest first once it has timings).
    return sorted.map((spec, index) => ({ spec, index }))
      .sort((a, b) => group(a.spec) - group(b.spec) || rank(a.spec) - rank(b.spec) || a.index - b.index)
      .map(({ spec }) => spec);
  }
}
