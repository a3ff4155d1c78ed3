import { describe, expect, it } from 'vitest';
import { BpmError, type ApprovalMode } from '../../../../runtime/core/bpm';
import { Run, approve, chain, definition, edge, node } from './engineHarness';

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof BpmError) return error.code;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('approval modes', () => {
  // Each row: the mode, the decisions in order, and what the node is after them.
  const cases: { mode: ApprovalMode; ratio?: number; steps: [string, 'agree' | 'reject'][]; status: string; pending: string[] }[] = [
    { mode: 'single', steps: [['bob', 'agree']], status: 'approved', pending: [] },
    { mode: 'any', steps: [['cid', 'agree']], status: 'approved', pending: [] },
    { mode: 'any', steps: [['bob', 'reject']], status: 'rejected', pending: [] },
    { mode: 'all', steps: [['bob', 'agree']], status: 'running', pending: ['cid', 'dan'] },
    { mode: 'all', steps: [['bob', 'agree'], ['cid', 'agree'], ['dan', 'agree']], status: 'approved', pending: [] },
    { mode: 'all', steps: [['bob', 'agree'], ['cid', 'reject']], status: 'rejected', pending: [] },
    { mode: 'sequential', steps: [], status: 'running', pending: ['bob'] },
    { mode: 'sequential', steps: [['bob', 'agree']], status: 'running', pending: ['cid'] },
    { mode: 'sequential', steps: [['bob', 'agree'], ['cid', 'agree'], ['dan', 'agree']], status: 'approved', pending: [] },
    { mode: 'sequential', steps: [['bob', 'agree'], ['cid', 'reject']], status: 'rejected', pending: [] },
    { mode: 'ratio', ratio: 0.6, steps: [['bob', 'agree']], status: 'running', pending: ['cid', 'dan'] },
    { mode: 'ratio', ratio: 0.6, steps: [['bob', 'agree'], ['cid', 'agree']], status: 'approved', pending: [] },
    { mode: 'ratio', ratio: 0.6, steps: [['bob', 'reject']], status: 'running', pending: ['cid', 'dan'] },
    { mode: 'ratio', ratio: 0.6, steps: [['bob', 'reject'], ['cid', 'reject']], status: 'rejected', pending: [] },
  ];
  it.each(cases)('$mode $ratio: $steps → $status', ({ mode, ratio, steps, status, pending }) => {
    const run = new Run(chain(approve('a', ['bob', 'cid', 'dan'], { mode, ratio }))).start();
    for (const [user, decision] of steps) run[decision](user);
    expect(run.state.status).toBe(status);
    expect(run.pendingUsers()).toEqual(pending);
  });

  it('cancels the other signers when 或签 passes, with the reason', () => {
    const run = new Run(chain(approve('a', ['bob', 'cid'], { mode: 'any' }))).start().agree('bob');
    expect(run.state.tasks.find((t) => t.assignee === 'cid')).toMatchObject({ status: 'cancelled', cancelReason: 'nodeCompleted' });
  });

  it('refuses a second decision on the same task and decisions on another person’s task', () => {
    const run = new Run(chain(approve('a', ['bob']))).start();
    const task = run.task('bob');
    expect(refusal(() => run.act({ type: 'agree', actor: 'cid', taskId: task.id }))).toBe('notAssignee');
    run.agree('bob');
    expect(refusal(() => run.act({ type: 'agree', actor: 'bob', taskId: task.id }))).toBe('notRunning');
  });

  it('refuses a node without assignees and an opinion that is required but empty', () => {
    const empty = new Run(chain(approve('a', [])));
    expect(refusal(() => empty.start())).toBe('noAssignees');
    const run = new Run(chain(approve('a', ['bob'], { opinionRequired: ['agree'] }))).start();
    expect(refusal(() => run.agree('bob', '  '))).toBe('opinionRequired');
    run.agree('bob', '同意');
    expect(run.state.status).toBe('approved');
  });
});

describe('conditions and parallel branches', () => {
  const leave = definition([
    node('start', 'start'), approve('leader', ['bob']), node('big', 'condition'), approve('hr', ['hr1', 'hr2'], { mode: 'all' }), node('end', 'end'),
  ], [
    edge('start', 'leader'), edge('leader', 'big'), edge('big', 'hr', { when: 'days > 3' }), edge('big', 'end', { default: true }), edge('hr', 'end'),
  ], ['days']);

  it.each([[2, 'approved', []], [5, 'running', ['hr1', 'hr2']]] as const)('days %i → %s', (days, status, pending) => {
    const run = new Run(leave, { days }).start().agree('bob');
    expect(run.state.status).toBe(status);
    expect(run.pendingUsers()).toEqual(pending);
  });

  const parallel = definition([
    node('start', 'start'), node('split', 'split', { join: 'join' }),
    approve('a1', ['amy']), approve('a2', ['abe'], { allow: { return: ['previous', 'any', 'initiator'] } }),
    approve('b1', ['ben']), node('join', 'join'), approve('final', ['fay'], { allow: { return: ['any'] } }), node('end', 'end'),
  ], [
    edge('start', 'split'), edge('split', 'a1'), edge('split', 'b1'), edge('a1', 'a2'), edge('a2', 'join'), edge('b1', 'join'),
    edge('join', 'final'), edge('final', 'end'),
  ]);

  it('waits at the join for every branch', () => {
    const run = new Run(parallel).start();
    expect(run.pendingUsers()).toEqual(['amy', 'ben']);
    run.agree('ben');
    expect(run.state.joinArrivals).toEqual({ join: [1] });
    run.agree('amy').agree('abe');
    expect(run.pendingUsers()).toEqual(['fay']);
    run.agree('fay');
    expect(run.state.status).toBe('approved');
  });

  it('returns inside a branch without touching the other branch', () => {
    const run = new Run(parallel).start().agree('amy');
    run.act({ type: 'return', actor: 'abe', taskId: run.task('abe').id, target: 'previous' });
    // Branch a goes back to a1; branch b's task is still open.
    expect(run.pendingUsers()).toEqual(['amy', 'ben']);
    run.agree('ben').agree('amy').agree('abe');
    expect(run.pendingUsers()).toEqual(['fay']);
  });

  it('returns from after the join into one branch; the other branch’s arrival stays', () => {
    const run = new Run(parallel).start().agree('amy').agree('abe').agree('ben');
    run.act({ type: 'return', actor: 'fay', taskId: run.task('fay').id, target: 'any', targetNodeId: 'a2' });
    expect(run.pendingUsers()).toEqual(['abe']);
    expect(run.state.joinArrivals).toEqual({ join: [1] });
    run.agree('abe');
    expect(run.pendingUsers()).toEqual(['fay']);
  });

  it('a return to the initiator from a branch cancels every branch; resubmitting starts again', () => {
    const run = new Run(parallel).start().agree('amy');
    run.act({ type: 'return', actor: 'abe', taskId: run.task('abe').id, target: 'initiator' });
    expect(run.pendingUsers()).toEqual(['ann']);
    expect(run.state.tasks.find((t) => t.assignee === 'ben')).toMatchObject({ status: 'cancelled', cancelReason: 'returned' });
    expect(run.state.joinArrivals).toEqual({});
    run.agree('ann');
    expect(run.pendingUsers()).toEqual(['amy', 'ben']);
  });

  it('refuses a return to a node that was not passed upstream, or not allowed by the node', () => {
    const run = new Run(parallel).start().agree('ben');
    expect(refusal(() => run.act({ type: 'return', actor: 'amy', taskId: run.task('amy').id, target: 'previous' }))).toBe('notAllowed');
    run.agree('amy');
    expect(refusal(() => run.act({ type: 'return', actor: 'abe', taskId: run.task('abe').id, target: 'any', targetNodeId: 'b1' }))).toBe('badTarget');
  });
});

describe('decisions', () => {
  const countersign = (extra = {}) => chain(approve('a', ['bob', 'cid'], { mode: 'all', allow: { return: ['initiator'], transfer: true, delegate: true, addSign: ['before', 'after', 'parallel'], retract: true }, ...extra }), approve('b', ['dan']));

  it('a return from a countersign cancels the other pending signers', () => {
    const run = new Run(countersign()).start();
    run.act({ type: 'return', actor: 'bob', taskId: run.task('bob').id, target: 'initiator' });
    expect(run.state.tasks.find((t) => t.assignee === 'cid')).toMatchObject({ status: 'cancelled', cancelReason: 'returned' });
    expect(run.pendingUsers()).toEqual(['ann']);
  });

  it('transfer hands the vote on; the new assignee decides for themself', () => {
    const run = new Run(countersign()).start();
    run.act({ type: 'transfer', actor: 'bob', taskId: run.task('bob').id, userId: 'eve' });
    expect(run.pendingUsers()).toEqual(['cid', 'eve']);
    expect(run.task('eve').owner).toBeUndefined();
    run.agree('eve').agree('cid');
    expect(run.pendingUsers()).toEqual(['dan']);
  });

  it('delegate: the delegate decides on behalf of the owner', () => {
    const run = new Run(countersign()).start();
    run.act({ type: 'delegate', actor: 'bob', taskId: run.task('bob').id, userId: 'eve' });
    expect(run.task('eve').owner).toBe('bob');
    run.agree('eve');
    expect(run.last.onBehalfOf).toBe('bob');
  });

  it('a delegation rule gives new tasks to the delegate, owned by the assignee', () => {
    const run = new Run(countersign());
    run.delegations = { cid: 'eve' };
    run.start();
    expect(run.pendingUsers()).toEqual(['bob', 'eve']);
    expect(run.task('eve').owner).toBe('cid');
  });

  it.each([
    ['before', ['eve'], 'waiting'],
    ['after', ['cid', 'eve'], 'done'],
    ['parallel', ['bob', 'cid', 'eve'], 'pending'],
  ] as const)('addSign %s', (position, pending, adderStatus) => {
    const run = new Run(countersign()).start();
    const adder = run.task('bob');
    run.act({ type: 'addSign', actor: 'bob', taskId: adder.id, position, userIds: ['eve'] });
    expect(run.state.tasks.find((t) => t.id === adder.id)!.status).toBe(adderStatus);
    expect(run.pendingUsers()).toEqual(position === 'before' ? ['cid', 'eve'] : pending);
    run.agree('eve');
    if (position === 'before') run.agree('bob');
    if (position === 'parallel') run.agree('bob');
    expect(run.pendingUsers()).toEqual(['cid']);
    run.agree('cid');
    expect(run.pendingUsers()).toEqual(['dan']);
  });

  it('an add-signer’s rejection rejects', () => {
    const run = new Run(countersign()).start();
    run.act({ type: 'addSign', actor: 'bob', taskId: run.task('bob').id, position: 'parallel', userIds: ['eve'] });
    run.reject('eve');
    expect(run.state.status).toBe('rejected');
  });

  it('refuses decisions the node does not allow', () => {
    const run = new Run(chain(approve('a', ['bob']))).start();
    const taskId = run.task('bob').id;
    expect(refusal(() => run.act({ type: 'transfer', actor: 'bob', taskId, userId: 'eve' }))).toBe('notAllowed');
    expect(refusal(() => run.act({ type: 'addSign', actor: 'bob', taskId, position: 'before', userIds: ['eve'] }))).toBe('notAllowed');
    expect(refusal(() => run.act({ type: 'return', actor: 'bob', taskId, target: 'initiator' }))).toBe('notAllowed');
  });

  it('a handle node offers no rejection', () => {
    const run = new Run(chain(node('h', 'handle', { assignees: [{ kind: 'users', users: ['bob'] }] }))).start();
    expect(refusal(() => run.reject('bob'))).toBe('notAllowed');
  });
});

describe('retract', () => {
  const def = chain(approve('a', ['bob'], { allow: { retract: true } }), approve('b', ['cid']));

  it('the initiator retracts before the first step is opened, and the request waits for resubmission', () => {
    const run = new Run(def).start();
    run.act({ type: 'retract', actor: 'ann' });
    expect(run.state.tasks.find((t) => t.assignee === 'bob')).toMatchObject({ status: 'cancelled', cancelReason: 'retracted' });
    expect(run.pendingUsers()).toEqual(['ann']);
    expect(run.state.activeNodes).toEqual(['start']);
    run.agree('ann');
    expect(run.pendingUsers()).toEqual(['bob']);
  });

  it('an approver retracts an agree while the next step is untouched', () => {
    const run = new Run(def).start().agree('bob');
    run.act({ type: 'retract', actor: 'bob' });
    expect(run.pendingUsers()).toEqual(['bob']);
    expect(run.state.activeNodes).toEqual(['a']);
    run.agree('bob');
    expect(run.pendingUsers()).toEqual(['cid']);
  });

  it('is refused once the next step was opened, or after a later decision, or by someone else', () => {
    const opened = new Run(def).start().agree('bob');
    opened.state.tasks.find((t) => t.assignee === 'cid')!.opened = true;
    expect(refusal(() => opened.act({ type: 'retract', actor: 'bob' }))).toBe('retractRefused');
    const later = new Run(def).start().agree('bob').agree('cid');
    expect(refusal(() => later.act({ type: 'retract', actor: 'bob' }))).toBe('notRunning');
    const other = new Run(def).start().agree('bob');
    expect(refusal(() => other.act({ type: 'retract', actor: 'ann' }))).toBe('retractRefused');
  });

  it('restores the signers a 或签 agree had cancelled', () => {
    const run = new Run(chain(approve('a', ['bob', 'cid'], { mode: 'any', allow: { retract: true } }), approve('b', ['dan']))).start().agree('bob');
    run.act({ type: 'retract', actor: 'bob' });
    expect(run.pendingUsers()).toEqual(['bob', 'cid']);
  });
});

describe('CC', () => {
  const def = chain(node('cc', 'cc', { assignees: [{ kind: 'users', users: ['lee'] }] }), approve('a', ['bob']));

  it('CC tasks survive a rejection and are read by their receiver only', () => {
    const run = new Run(def).start();
    const cc = run.state.tasks.find((t) => t.kind === 'cc')!;
    expect(cc).toMatchObject({ assignee: 'lee', status: 'pending' });
    run.reject('bob');
    expect(run.state.status).toBe('rejected');
    expect(run.state.tasks.find((t) => t.id === cc.id)!.status).toBe('pending');
    expect(refusal(() => run.act({ type: 'readCc', actor: 'bob', taskId: cc.id }))).toBe('notAssignee');
    run.act({ type: 'readCc', actor: 'lee', taskId: cc.id });
    expect(run.state.tasks.find((t) => t.id === cc.id)!.status).toBe('done');
  });

  it('terminate cancels open todo tasks but not CC', () => {
    const run = new Run(def).start();
    run.act({ type: 'terminate', actor: 'admin' });
    expect(run.state.status).toBe('terminated');
    expect(run.state.tasks.find((t) => t.assignee === 'bob')).toMatchObject({ status: 'cancelled', cancelReason: 'terminated' });
    expect(run.state.tasks.find((t) => t.kind === 'cc')!.status).toBe('pending');
  });
});

describe('purity', () => {
  it('leaves the given state untouched, also when the action is refused', () => {
    const run = new Run(chain(approve('a', ['bob']))).start();
    const before = structuredClone(run.state);
    const frozen = run.state;
    expect(() => run.act({ type: 'agree', actor: 'cid', taskId: run.task('bob').id })).toThrow(BpmError);
    expect(frozen).toEqual(before);
    run.agree('bob');
    expect(frozen).toEqual(before);
  });
});
