import { compileExpression, ExpressionError, isTruthy } from '../expression';
import { BpmError } from './BpmError';
import { processGraph, type ProcessGraph } from './processGraph';
import type {
  CancelReason, EngineAction, InstanceState, ProcessDefinition, ProcessNode, StepEnvironment, StepResult, TaskDecision, TaskState,
} from './types';

/** The state of an instance before its start action. */
export function initialInstanceState(): InstanceState {
  return { status: 'running', activeNodes: [], tasks: [], joinArrivals: {}, seq: 0, rounds: {} };
}

/** A decided task that is not a signer's vote: it handed the task to someone else. */
const isHandedOn = (t: TaskState) => t.decision === 'transfer' || t.decision === 'delegate';
const isOpen = (t: TaskState) => t.status === 'pending' || t.status === 'waiting';

/**
 * One action on one instance, computed without I/O: the new state and the tasks created and
 * changed. Refusals throw BpmError before anything is decided, so a refused action has no
 * effect. The server runs it inside the transaction that locks the instance (docs/WORKFLOW.md).
 */
export function stepInstance(def: ProcessDefinition, before: InstanceState, action: EngineAction, env: StepEnvironment): StepResult {
  return new Stepper(def, before, env).run(action);
}

class Stepper {
  private readonly graph: ProcessGraph;
  private readonly state: InstanceState;
  private readonly created: TaskState[] = [];
  private readonly updated = new Map<string, TaskState>();
  private readonly entered: string[] = [];
  private outcome: StepResult['outcome'];

  constructor(private readonly def: ProcessDefinition, before: InstanceState, private readonly env: StepEnvironment) {
    this.graph = processGraph(def);
    // Copied so the caller's state stays as it was when a refusal is thrown half-way.
    this.state = structuredClone(before);
  }

  run(action: EngineAction): StepResult {
    const state = this.state;
    let actedTaskId: string | undefined;
    let onBehalfOf: string | undefined;
    if (action.type !== 'readCc' && action.type !== 'start' && state.status !== 'running') throw new BpmError('notRunning');
    state.seq += 1;
    switch (action.type) {
      case 'start': {
        if (state.tasks.length > 0) throw new BpmError('notAllowed', { action: 'start' });
        const start = this.graph.startNode;
        state.rounds[start.id] = 1;
        const task = this.createTask(start.id, action.actor, 'todo', 'done', 0);
        task.decision = 'agree';
        task.doneSeq = state.seq;
        state.lastDecision = { seq: state.seq, actor: action.actor, taskId: task.id, activeNodes: [start.id], joinArrivals: {} };
        actedTaskId = task.id;
        this.leave(start.id);
        break;
      }
      case 'agree': {
        const task = this.actingTask(action);
        this.checkOpinion(task, 'agree', action.opinion);
        state.lastDecision = { seq: state.seq, actor: action.actor, taskId: task.id, activeNodes: [...state.activeNodes], joinArrivals: structuredClone(state.joinArrivals) };
        this.finishTask(task, 'agree');
        [actedTaskId, onBehalfOf] = [task.id, task.owner];
        if (this.graph.node(task.nodeId).kind === 'start') this.leave(task.nodeId);
        else this.afterVote(task);
        break;
      }
      case 'reject': {
        const task = this.actingTask(action);
        if (this.graph.node(task.nodeId).kind !== 'approve') throw new BpmError('notAllowed', { action: 'reject' });
        this.checkOpinion(task, 'reject', action.opinion);
        state.lastDecision = undefined;
        this.finishTask(task, 'reject');
        [actedTaskId, onBehalfOf] = [task.id, task.owner];
        this.afterVote(task);
        break;
      }
      case 'return': {
        const task = this.actingTask(action);
        const node = this.graph.node(task.nodeId);
        if (!(node.allow?.return ?? []).includes(action.target)) throw new BpmError('notAllowed', { action: 'return' });
        this.checkOpinion(task, 'return', action.opinion);
        const target = this.returnTarget(task, action.target, action.targetNodeId);
        state.lastDecision = undefined;
        this.finishTask(task, 'return');
        [actedTaskId, onBehalfOf] = [task.id, task.owner];
        this.returnTo(target);
        break;
      }
      case 'transfer':
      case 'delegate': {
        const task = this.actingTask(action);
        const node = this.graph.node(task.nodeId);
        if (!node.allow?.[action.type]) throw new BpmError('notAllowed', { action: action.type });
        this.checkOpinion(task, action.type, action.opinion);
        if (!action.userId || action.userId === action.actor || this.hasOpenTask(task.nodeId, action.userId)) {
          throw new BpmError('badUsers', { users: action.userId ?? '' });
        }
        state.lastDecision = undefined;
        this.finishTask(task, action.type);
        [actedTaskId, onBehalfOf] = [task.id, task.owner];
        const next = this.createTask(task.nodeId, action.userId, 'todo', 'pending', task.order);
        // 转办 makes the new person responsible; 委托 keeps the owner, for whom the delegate decides.
        if (action.type === 'delegate') next.owner = task.owner ?? task.assignee;
        next.addSign = task.addSign;
        next.sourceTaskId = task.sourceTaskId && task.addSign ? task.sourceTaskId : task.id;
        break;
      }
      case 'addSign': {
        const task = this.actingTask(action);
        const node = this.graph.node(task.nodeId);
        if (!(node.allow?.addSign ?? []).includes(action.position)) throw new BpmError('notAllowed', { action: 'addSign' });
        this.checkOpinion(task, 'addSign', action.opinion);
        const users = [...new Set(action.userIds)];
        if (users.length === 0 || users.some((u) => !u || u === action.actor || this.hasOpenTask(task.nodeId, u))) {
          throw new BpmError('badUsers', { users: users.join(',') });
        }
        state.lastDecision = undefined;
        [actedTaskId, onBehalfOf] = [task.id, task.owner];
        for (const user of users) {
          const added = this.createTask(task.nodeId, user, 'todo', 'pending', task.order);
          added.addSign = action.position;
          added.sourceTaskId = task.id;
        }
        // before: the adder decides after them; after: the adder agrees now and they follow; parallel: beside the adder.
        if (action.position === 'before') this.setStatus(task, 'waiting');
        if (action.position === 'after') this.finishTask(task, 'agree');
        break;
      }
      case 'retract':
        this.retract(action.actor);
        break;
      case 'terminate':
        state.lastDecision = undefined;
        this.finishInstance('terminated', 'terminated');
        break;
      case 'readCc': {
        const task = state.tasks.find((t) => t.id === action.taskId);
        if (!task) throw new BpmError('taskNotFound');
        if (task.kind !== 'cc') throw new BpmError('notCc');
        if (task.assignee !== action.actor) throw new BpmError('notAssignee');
        if (task.status !== 'pending') throw new BpmError('taskNotPending');
        this.setStatus(task, 'done');
        task.doneSeq = state.seq;
        actedTaskId = task.id;
        break;
      }
      default: {
        const unreachable: never = action;
        throw new Error(`unknown action ${JSON.stringify(unreachable)}`);
      }
    }
    return {
      state,
      created: this.created,
      updated: [...this.updated.values()].filter((t) => !this.created.includes(t)),
      entered: this.entered,
      actedTaskId,
      onBehalfOf,
      outcome: this.outcome,
    };
  }

  /** The pending todo task the actor decides on; refusals name why (stale, not theirs). */
  private actingTask(action: { actor: string; taskId: string }): TaskState {
    const task = this.state.tasks.find((t) => t.id === action.taskId);
    if (!task) throw new BpmError('taskNotFound');
    if (task.kind !== 'todo') throw new BpmError('notAllowed', { action: 'cc' });
    if (task.status !== 'pending') throw new BpmError('taskNotPending');
    if (task.assignee !== action.actor) throw new BpmError('notAssignee');
    return task;
  }

  private checkOpinion(task: TaskState, decision: TaskDecision, opinion: string | undefined): void {
    const node = this.graph.node(task.nodeId);
    if ((node.opinionRequired ?? []).includes(decision) && !(opinion ?? '').trim()) throw new BpmError('opinionRequired', { decision });
  }

  private hasOpenTask(nodeId: string, userId: string): boolean {
    return this.state.tasks.some((t) => t.nodeId === nodeId && t.kind === 'todo' && isOpen(t) && t.assignee === userId && t.round === this.state.rounds[nodeId]);
  }

  private createTask(nodeId: string, user: string, kind: TaskState['kind'], status: TaskState['status'], order: number): TaskState {
    const task: TaskState = { id: this.env.newTaskId(), nodeId, kind, assignee: user, status, round: this.state.rounds[nodeId] ?? 1, order, createdSeq: this.state.seq };
    this.state.tasks.push(task);
    this.created.push(task);
    return task;
  }

  /** A task for `user` on a todo node, given to their delegate when a delegation rule is in force. */
  private createAssignedTask(nodeId: string, user: string, status: TaskState['status'], order: number): TaskState {
    const worker = this.env.delegateOf?.(user) ?? user;
    const task = this.createTask(nodeId, worker, 'todo', status, order);
    if (worker !== user) task.owner = user;
    return task;
  }

  private setStatus(task: TaskState, status: TaskState['status']): void {
    task.status = status;
    this.updated.set(task.id, task);
  }

  private finishTask(task: TaskState, decision: TaskDecision): void {
    task.decision = decision;
    task.doneSeq = this.state.seq;
    this.setStatus(task, 'done');
  }

  private cancelTask(task: TaskState, reason: CancelReason): void {
    task.cancelReason = reason;
    task.doneSeq = this.state.seq;
    this.setStatus(task, 'cancelled');
  }

  private roundTasks(nodeId: string): TaskState[] {
    const round = this.state.rounds[nodeId];
    return this.state.tasks.filter((t) => t.nodeId === nodeId && t.kind === 'todo' && t.round === round);
  }

  /** After an agree or reject: wake whoever waits for it, then see whether the node is decided. */
  private afterVote(task: TaskState): void {
    const tasks = this.roundTasks(task.nodeId);
    if (task.decision === 'agree' && task.addSign === 'before') {
      const siblings = tasks.filter((t) => t.addSign === 'before' && t.sourceTaskId === task.sourceTaskId && t.status !== 'cancelled' && !isHandedOn(t));
      const source = tasks.find((t) => t.id === task.sourceTaskId);
      if (source && source.status === 'waiting' && siblings.every((t) => t.status === 'done' && t.decision === 'agree')) this.setStatus(source, 'pending');
    }
    const node = this.graph.node(task.nodeId);
    const signers = tasks.filter((t) => !t.addSign && t.status !== 'cancelled' && !isHandedOn(t));
    const added = tasks.filter((t) => t.addSign && t.status !== 'cancelled' && !isHandedOn(t));
    const agreed = signers.filter((t) => t.status === 'done' && t.decision === 'agree').length;
    const rejected = signers.filter((t) => t.status === 'done' && t.decision === 'reject').length;
    const mode = node.mode ?? 'single';
    const needed = mode === 'ratio' ? Math.ceil((node.ratio ?? 1) * signers.length)
      : mode === 'all' || mode === 'sequential' ? signers.length : 1;
    // ratio: a rejection rejects only once the agreements left cannot reach the share; every other mode: one rejection rejects.
    const rejects = added.some((t) => t.decision === 'reject') || (mode === 'ratio' ? rejected > signers.length - needed : rejected > 0);
    if (rejects) {
      this.finishInstance('rejected', 'rejected');
      return;
    }
    if (mode === 'sequential' && task.decision === 'agree' && !task.addSign) {
      const next = signers.filter((t) => t.status === 'waiting' && !this.waitsForAddSigners(t, tasks)).sort((a, b) => a.order - b.order)[0];
      if (next && !signers.some((t) => t.status === 'pending')) this.setStatus(next, 'pending');
    }
    const addedDone = added.every((t) => t.status === 'done' && t.decision === 'agree');
    if (agreed >= needed && addedDone) {
      for (const open of tasks.filter(isOpen)) this.cancelTask(open, 'nodeCompleted');
      this.leave(task.nodeId);
    }
  }

  private waitsForAddSigners(task: TaskState, tasks: TaskState[]): boolean {
    return tasks.some((t) => t.sourceTaskId === task.id && t.addSign === 'before' && isOpen(t));
  }

  private leave(nodeId: string): void {
    this.state.activeNodes = this.state.activeNodes.filter((id) => id !== nodeId);
    const [edge] = this.graph.outgoing(nodeId);
    this.enter(edge.to, nodeId);
  }

  private enter(nodeId: string, fromId: string, branchFromSplit?: number): void {
    if (this.state.status !== 'running') return;
    const node = this.graph.node(nodeId);
    this.entered.push(nodeId);
    this.state.rounds[nodeId] = (this.state.rounds[nodeId] ?? 0) + 1;
    switch (node.kind) {
      case 'start':
        // Returned to the initiator: they resubmit (agree) from here.
        this.createTask(nodeId, this.env.initiator.userId, 'todo', 'pending', 0);
        this.state.activeNodes.push(nodeId);
        return;
      case 'approve':
      case 'handle': {
        const users = this.env.assigneesOf(node);
        if (users.length === 0) throw new BpmError('noAssignees', { node: node.name });
        const sequential = node.mode === 'sequential';
        users.forEach((user, order) => this.createAssignedTask(nodeId, user, sequential && order > 0 ? 'waiting' : 'pending', order));
        this.state.activeNodes.push(nodeId);
        return;
      }
      case 'cc':
        // CC tasks are information only: nothing waits for them and no decision cancels them.
        for (const user of this.env.assigneesOf(node)) this.createTask(nodeId, user, 'cc', 'pending', 0);
        this.leave(nodeId);
        return;
      case 'condition':
        this.enter(this.chooseBranch(node), nodeId);
        return;
      case 'split':
        delete this.state.joinArrivals[node.join!];
        this.graph.outgoing(nodeId).forEach((edge, branch) => this.enter(edge.to, nodeId, branch));
        return;
      case 'join': {
        const split = this.splitOf(nodeId);
        const branch = fromId === split.id ? branchFromSplit : this.graph.branchesOf(fromId).find((b) => b.splitId === split.id)?.branch;
        const arrived = new Set(this.state.joinArrivals[nodeId] ?? []);
        if (branch !== undefined) arrived.add(branch);
        // Kept once complete (until the split is entered again): a return from beyond the join
        // into one branch must find the other branches arrived.
        this.state.joinArrivals[nodeId] = [...arrived].sort((a, b) => a - b);
        if (arrived.size >= this.graph.outgoing(split.id).length) this.leave(nodeId);
        return;
      }
      case 'end':
        this.finishInstance('approved', 'nodeCompleted');
        return;
      default: {
        const unreachable: never = node.kind;
        throw new Error(`unknown node kind ${String(unreachable)}`);
      }
    }
  }

  private splitOf(joinId: string): ProcessNode {
    const split = this.def.nodes.find((n) => n.kind === 'split' && n.join === joinId);
    if (!split) throw new Error(`join ${joinId} has no split`);
    return split;
  }

  /** The first edge whose condition holds, in the order drawn, else the default edge. */
  private chooseBranch(node: ProcessNode): string {
    const context = { ...this.env.formData, initiator: { ...this.env.initiator } };
    const edges = this.graph.outgoing(node.id);
    for (const edge of edges) {
      if (edge.when === undefined) continue;
      try {
        if (isTruthy(compileExpression(edge.when).evaluate(context))) return edge.to;
      } catch (error) {
        if (error instanceof ExpressionError) throw new BpmError('conditionFailed', { node: node.name, detail: error.message });
        throw error;
      }
    }
    const fallback = edges.find((e) => e.default);
    if (!fallback) throw new BpmError('noBranch', { node: node.name });
    return fallback.to;
  }

  /** Ends the instance: every open todo task is cancelled; CC tasks stay as they are. */
  private finishInstance(outcome: NonNullable<StepResult['outcome']>, reason: CancelReason): void {
    for (const task of this.state.tasks.filter((t) => t.kind === 'todo' && isOpen(t))) this.cancelTask(task, reason);
    this.state.status = outcome;
    this.state.activeNodes = [];
    this.state.joinArrivals = {};
    this.outcome = outcome;
  }

  /** Nodes a task's node may be returned to: passed (agreed there) and upstream of it. */
  private passedUpstream(nodeId: string): string[] {
    const done = this.state.tasks.filter((t) => t.kind === 'todo' && t.status === 'done' && t.decision === 'agree' && t.nodeId !== nodeId)
      .sort((a, b) => (b.doneSeq ?? 0) - (a.doneSeq ?? 0));
    return [...new Set(done.map((t) => t.nodeId))].filter((id) => this.graph.reachableFrom(id).has(nodeId));
  }

  private returnTarget(task: TaskState, target: 'previous' | 'any' | 'initiator', targetNodeId: string | undefined): string {
    if (target === 'initiator') return this.graph.startNode.id;
    const passed = this.passedUpstream(task.nodeId);
    if (target === 'previous') {
      if (passed.length === 0) throw new BpmError('badTarget', { node: '' });
      return passed[0];
    }
    if (!targetNodeId || !passed.includes(targetNodeId)) throw new BpmError('badTarget', { node: targetNodeId ?? '' });
    return targetNodeId;
  }

  /**
   * Back to a passed node: every open task downstream of it is cancelled — the other signers
   * of a countersign included — and joins downstream forget the arrivals the way back will
   * repeat. Inside a parallel branch only that branch goes back; the other branches go on.
   */
  private returnTo(targetId: string): void {
    const downstream = this.graph.reachableFrom(targetId);
    for (const task of this.state.tasks.filter((t) => t.kind === 'todo' && isOpen(t) && downstream.has(t.nodeId))) this.cancelTask(task, 'returned');
    this.state.activeNodes = this.state.activeNodes.filter((id) => !downstream.has(id));
    const places = this.graph.branchesOf(targetId);
    for (const joinId of Object.keys(this.state.joinArrivals)) {
      if (!downstream.has(joinId)) continue;
      const place = places.find((p) => this.graph.node(p.splitId).join === joinId);
      if (place) this.state.joinArrivals[joinId] = this.state.joinArrivals[joinId].filter((b) => b !== place.branch);
      else delete this.state.joinArrivals[joinId];
    }
    this.enter(targetId, targetId);
  }

  /**
   * 撤回: the actor takes back their latest agree while nothing it opened was touched — the tasks
   * it created are all still open and unopened, and no decision came after it. The step's tasks
   * are cancelled, the state before the agree restored, and the actor gets their task again
   * (as do the signers an 或签 agree had cancelled). CC tasks it sent stay.
   */
  private retract(actor: string): void {
    const last = this.state.lastDecision;
    if (!last || last.actor !== actor) throw new BpmError('retractRefused');
    const acted = this.state.tasks.find((t) => t.id === last.taskId)!;
    const node = this.graph.node(acted.nodeId);
    if (node.kind !== 'start' && !node.allow?.retract) throw new BpmError('notAllowed', { action: 'retract' });
    const opened = this.state.tasks.filter((t) => t.kind === 'todo' && t.createdSeq === last.seq && t.id !== acted.id);
    if (opened.some((t) => !isOpen(t) || t.opened)) throw new BpmError('retractRefused');
    for (const task of opened) this.cancelTask(task, 'retracted');
    // The taken-back agree stops counting; its decision stays on the task for the history.
    this.cancelTask(acted, 'retracted');
    const revive = [acted, ...this.state.tasks.filter((t) => t.doneSeq === last.seq && t.cancelReason === 'nodeCompleted')];
    for (const old of revive) {
      const copy = this.createTask(old.nodeId, old.assignee, 'todo', 'pending', old.order);
      Object.assign(copy, { round: old.round, owner: old.owner, addSign: old.addSign, sourceTaskId: old.id });
    }
    this.state.activeNodes = [...new Set([...last.activeNodes, acted.nodeId])];
    this.state.joinArrivals = last.joinArrivals;
    this.state.rounds[acted.nodeId] = acted.round;
    this.state.lastDecision = undefined;
  }
}
