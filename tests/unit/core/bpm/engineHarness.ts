import {
  initialInstanceState, stepInstance, type EngineAction, type InstanceState, type ProcessDefinition, type ProcessEdge,
  type ProcessNode, type StepResult, type TaskState,
} from '../../../../runtime/core/bpm';

/** Assignee rules in these tests name users directly; `users` nodes resolve to their list. */
export function node(id: string, kind: ProcessNode['kind'], extra: Partial<ProcessNode> = {}): ProcessNode {
  return { id, kind, name: id, ...extra };
}
export const approve = (id: string, users: string[], extra: Partial<ProcessNode> = {}) =>
  node(id, 'approve', { assignees: [{ kind: 'users', users }], ...extra });
export const edge = (from: string, to: string, extra: Partial<ProcessEdge> = {}): ProcessEdge => ({ from, to, ...extra });

export function definition(nodes: ProcessNode[], edges: ProcessEdge[], formFields: string[] = []): ProcessDefinition {
  return { formatVersion: 1, key: 'test', name: 'test', formFields, nodes, edges };
}

/** A linear chain start → …nodes → end. */
export function chain(...nodes: ProcessNode[]): ProcessDefinition {
  const all = [node('start', 'start'), ...nodes, node('end', 'end')];
  return definition(all, all.slice(1).map((n, i) => edge(all[i].id, n.id)));
}

/** One instance driven through the pure engine, as the server drives it. */
export class Run {
  state: InstanceState = initialInstanceState();
  last!: StepResult;
  private nextId = 1;
  delegations: Record<string, string> = {};

  constructor(public def: ProcessDefinition, public formData: Record<string, unknown> = {}, public initiator = 'ann') {}

  act(action: EngineAction): StepResult {
    this.last = stepInstance(this.def, this.state, action, {
      initiator: { userId: this.initiator, deptId: 'd1', roles: ['staff'] },
      formData: this.formData,
      assigneesOf: (n) => n.assignees?.flatMap((a) => (a.kind === 'users' ? a.users : a.kind === 'initiator' ? [this.initiator] : [])) ?? [],
      delegateOf: (u) => this.delegations[u] ?? u,
      newTaskId: () => `t${this.nextId++}`,
    });
    this.state = this.last.state;
    return this.last;
  }

  start(): this {
    this.act({ type: 'start', actor: this.initiator });
    return this;
  }

  /** The open todo task of a user (the only one expected). */
  task(user: string, status: TaskState['status'] = 'pending'): TaskState {
    const found = this.state.tasks.filter((t) => t.assignee === user && t.kind === 'todo' && t.status === status);
    if (found.length !== 1) throw new Error(`${user} has ${found.length} ${status} tasks`);
    return found[0];
  }

  agree(user: string, opinion?: string): this {
    this.act({ type: 'agree', actor: user, taskId: this.task(user).id, opinion });
    return this;
  }

  reject(user: string): this {
    this.act({ type: 'reject', actor: user, taskId: this.task(user).id });
    return this;
  }

  pendingUsers(): string[] {
    return this.state.tasks.filter((t) => t.kind === 'todo' && t.status === 'pending').map((t) => t.assignee).sort();
  }
}
