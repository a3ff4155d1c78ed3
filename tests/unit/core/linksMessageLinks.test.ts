import { describe, expect, it } from 'vitest';
import {
  MODULE_DETAILS_LINKS, chatJumpPath, desktopModulePath, messageLinkPath, moduleDetailsId, moduleDetailsLink, moduleDetailsPath, parseChatJump,
  parseWorkflowLink, safeInAppPath, splitCombinedId, workflowLinkForMessage, workflowPath,
} from '../../../runtime/core/links';

describe('module deep links (spec §2)', () => {
  it('lists every /app/…/details?…Id path of the spec with its parameter, then the meeting family', () => {
    expect(MODULE_DETAILS_LINKS.map((link) => `${link.path}?${link.param}`)).toEqual([
      '/app/news/details?newsId', '/app/email/details?emailId', '/app/notice/details?noticeId',
      '/app/diary/details?diaryId', '/app/task/details?taskId', '/app/duty/details?recordId',
      '/app/workplan/details?planId', '/app/hr/salary/details?recordId', '/app/hr/contract/details?contractId',
      '/app/hr/licence/details?licenceId', '/app/vote/details?voteId', '/app/meeting/details?meetingId',
    ]);
    // Read on screens of their own (marking them read), and written on the phone.
    expect(MODULE_DETAILS_LINKS.filter((link) => link.ownScreens).map((link) => link.module)).toEqual(['news', 'email', 'notice', 'vote']);
    expect(MODULE_DETAILS_LINKS.filter((link) => link.creates).map((link) => link.module)).toEqual(['diary', 'task', 'duty', 'workplan']);
  });

  it('maps the contract link to the HrContract entity and the others to no entity yet', () => {
    expect(moduleDetailsLink('hr/contract')?.entity).toBe('HrContract');
    // Families whose entity exists open it; the payslips list the user's own records only.
    expect(MODULE_DETAILS_LINKS.filter((link) => link.entity !== null).map((link) => link.module)).toEqual(expect.arrayContaining(['hr/contract', 'hr/salary']));
    expect(moduleDetailsLink('hr/salary')).toMatchObject({ entity: 'SalaryRecord', ownRecords: true });
  });

  it('builds and reads the paths, encoding the id', () => {
    expect(moduleDetailsPath('hr/contract', 'abc')).toBe('/app/hr/contract/details?contractId=abc');
    expect(moduleDetailsPath('duty', 42)).toBe('/app/duty/details?recordId=42');
    expect(moduleDetailsPath('news', 'a b&c')).toBe('/app/news/details?newsId=a+b%26c');
    expect(moduleDetailsPath('nope', 1)).toBeNull();
    expect(moduleDetailsPath('news', '  ')).toBeNull();
    const news = moduleDetailsLink('news')!;
    expect(moduleDetailsId(news, '?newsId=a+b%26c')).toBe('a b&c');
    expect(moduleDetailsId(news, '?newsId=')).toBeNull();
    expect(moduleDetailsId(news, '?id=1')).toBeNull();
  });
});

describe('module links on the desktop', () => {
  it('opens a notice message on the desktop reading page, and leaves the others to the record links', () => {
    expect(desktopModulePath('/app/notice/details?noticeId=a+b%26c')).toBe('/info/notice/view?noticeId=a+b%26c');
    expect(desktopModulePath(moduleDetailsPath('notice', '7')!)).toBe('/info/notice/view?noticeId=7');
    expect(desktopModulePath('/app/notice/details?noticeId=')).toBeNull();
    expect(desktopModulePath('/app/notice/details?id=7')).toBeNull();
    expect(desktopModulePath('/app/hr/contract/details?contractId=7')).toBeNull();
    expect(desktopModulePath('/info/notice/view?noticeId=7')).toBeNull();
  });
});

describe('combined workflow ids', () => {
  it('splits into 3 or 2 equal parts', () => {
    expect(splitCombinedId('aaabbbccc', 3)).toEqual(['aaa', 'bbb', 'ccc']);
    expect(splitCombinedId('123456', 2)).toEqual(['123', '456']);
    const ids = ['0195f1c2a3b4c5d6e7f8a9b0', '0195f1c2a3b4c5d6e7f8a9b1', '0195f1c2a3b4c5d6e7f8a9b2'];
    expect(splitCombinedId(ids.join(''), 3)).toEqual(ids);
    expect(splitCombinedId(' aabb ', 2)).toEqual(['aa', 'bb']);
  });

  it('refuses ids that cannot be split evenly', () => {
    expect(splitCombinedId('aaabbbcc', 3)).toBeNull();
    expect(splitCombinedId('abc', 2)).toBeNull();
    expect(splitCombinedId('', 3)).toBeNull();
  });

  it('picks dowork for approved and user-changed messages, read for create, join and reminder, read+sendToId for send-to-user', () => {
    expect(workflowLinkForMessage('bpm', 'approved', 'r1s1f1')).toEqual({ area: 'bpm', action: 'dowork', runId: 'r1', stepRunId: 's1', flowId: 'f1' });
    expect(workflowLinkForMessage('doc', 'userChanged', 'r1s1f1')).toEqual({ area: 'doc', action: 'dowork', runId: 'r1', stepRunId: 's1', flowId: 'f1' });
    for (const kind of ['create', 'join', 'reminder'] as const) {
      expect(workflowLinkForMessage('bpm', kind, 'run-77')).toEqual({ area: 'bpm', action: 'read', runId: 'run-77' });
    }
    expect(workflowLinkForMessage('doc', 'sendToUser', 'run1snd1')).toEqual({ area: 'doc', action: 'read', runId: 'run1', sendToId: 'snd1' });
    expect(workflowLinkForMessage('bpm', 'approved', 'r1s1f')).toBeNull();
    expect(workflowLinkForMessage('bpm', 'create', ' ')).toBeNull();
  });

  it('builds the paths and parses them back', () => {
    const dowork = workflowLinkForMessage('bpm', 'approved', 'aaabbbccc')!;
    expect(workflowPath(dowork)).toBe('/bpm/handle/dowork?runId=aaa&stepRunId=bbb&flowId=ccc');
    expect(parseWorkflowLink('bpm', 'dowork', '?runId=aaa&stepRunId=bbb&flowId=ccc')).toEqual(dowork);
    const read = workflowLinkForMessage('doc', 'sendToUser', 'r9s9')!;
    expect(workflowPath(read)).toBe('/doc/handle/read?runId=r9&sendToId=s9');
    expect(parseWorkflowLink('doc', 'read', '?runId=r9&sendToId=s9')).toEqual(read);
    expect(workflowPath({ area: 'bpm', action: 'read', runId: 'x' })).toBe('/bpm/handle/read?runId=x');
    expect(parseWorkflowLink('bpm', 'read', '?runId=x')).toEqual({ area: 'bpm', action: 'read', runId: 'x' });
  });

  it('refuses a link missing an id it needs', () => {
    expect(parseWorkflowLink('bpm', 'dowork', '?runId=a&stepRunId=b')).toBeNull();
    expect(parseWorkflowLink('bpm', 'dowork', '?stepRunId=b&flowId=c')).toBeNull();
    expect(parseWorkflowLink('doc', 'read', '?sendToId=s')).toBeNull();
    expect(parseWorkflowLink('doc', 'read', '?runId=%20')).toBeNull();
  });

  it('turns a message into the path to open', () => {
    expect(messageLinkPath({ module: 'hr/contract', id: 'c1' })).toBe('/app/hr/contract/details?contractId=c1');
    expect(messageLinkPath({ module: 'bpm', kind: 'reminder', id: 'r1' })).toBe('/bpm/handle/read?runId=r1');
    expect(messageLinkPath({ module: 'doc', kind: 'approved', id: '112233' })).toBe('/doc/handle/dowork?runId=11&stepRunId=22&flowId=33');
    expect(messageLinkPath({ module: 'bpm', id: 'r1' })).toBeNull();
    expect(messageLinkPath({ module: 'unknown', id: 'r1' })).toBeNull();
  });
});

describe('chat-app message jumps', () => {
  it('accepts only in-app paths as targets', () => {
    expect(safeInAppPath('/app/news/details?newsId=1', '/dapp')).toBe('/app/news/details?newsId=1');
    for (const bad of ['//evil.example', 'https://evil.example', '/\\evil', 'javascript:alert(1)', '', null, '/x\ny']) {
      expect(safeInAppPath(bad, '/dapp')).toBe('/dapp');
    }
  });

  it('reads the code and the target from redirect, target or state', () => {
    expect(parseChatJump('dapp', '?code=c1&redirect=%2Fapp%2Fnews%2Fdetails%3FnewsId%3D1'))
      .toEqual({ client: 'dapp', code: 'c1', target: '/app/news/details?newsId=1' });
    expect(parseChatJump('wapp', '?code=c2&state=/app')).toEqual({ client: 'wapp', code: 'c2', target: '/app' });
    expect(parseChatJump('wapp', '?target=/hr/contract')).toEqual({ client: 'wapp', code: null, target: '/hr/contract' });
    expect(parseChatJump('dapp', '?code=c&redirect=https://evil')).toEqual({ client: 'dapp', code: 'c', target: '/dapp' });
    expect(parseChatJump('dapp', '?code=c&redirect=/dapp/login?code=x').target).toBe('/dapp');
    expect(parseChatJump('dapp', '?code=c&redirect=/login').target).toBe('/dapp');
  });

  it('builds the jump link a chat message carries', () => {
    expect(chatJumpPath('dapp', '/app/hr/contract/details?contractId=7'))
      .toBe('/dapp/login?redirect=%2Fapp%2Fhr%2Fcontract%2Fdetails%3FcontractId%3D7');
    expect(chatJumpPath('wapp', 'https://evil')).toBe('/wapp/login?redirect=%2Fwapp');
  });
});
