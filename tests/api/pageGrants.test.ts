import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { demoUsers, type DemoUser } from './helpers';

const databases = await databasesUnderTest();

interface MenuNode { name: string; children: MenuNode[] }

/**
 * Page grants (`menu:<name>`) are permissions of the signed-in principal like the buttons', built
 * once per session and dropped with it (server/auth/loadPrincipal.ts); the side menu shows an entity
 * page only to those who may call one of its lists, a management page (`requires: "list"` in the
 * module file) only to holders of its manage list (server/system/menuCalls.ts).
 */
describe.each(databases)('page grants and the pages of the menu, on $name', (database) => {
  let s: TestServer;
  let admin: string;
  let users: Record<string, DemoUser>;
  const db = () => s.server.ctx.database.db;
  const permissionsOf = async (token: string) => String((await s.get(token, '/get/system/getUserInfo')).body.data.permissions).split(',');
  const roleOf = async (code: string) => db().selectFrom('sys_role').select(['roleId', 'menuIds']).where('roleCode', '=', code).executeTakeFirstOrThrow();
  const menuIdOf = async (name: string) => String((await db().selectFrom('sys_menu').select('menuId').where('name', '=', name).executeTakeFirstOrThrow()).menuId);
  const buttonOf = async (permission: string) => String((await db().selectFrom('sys_menu').select('menuId')
    .where('menuType', '=', 'button').where('permission', '=', permission).executeTakeFirstOrThrow()).menuId);

  /** Every entry name of the caller's side menu. */
  async function menuNames(token: string): Promise<string[]> {
    const answer = await s.get(token, '/get/system/myMenus');
    expect(answer.body.code, answer.body.message).toBe(200);
    const names: string[] = [];
    const walk = (nodes: MenuNode[]) => nodes.forEach((n) => { names.push(n.name); walk(n.children); });
    walk(answer.body.data.menu as MenuNode[]);
    return names;
  }

  /** The SQL text of every statement the server runs while `work` runs. */
  async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
    const seen: string[] = [];
    const stop = s.server.ctx.database.watch.onStatement((query) => seen.push(query.sql));
    try {
      await work();
    } finally {
      stop();
    }
    return seen;
  }

  beforeAll(async () => {
    s = await startTestServer(database);
    admin = await s.login('admin');
    users = await demoUsers(s);
  }, 300_000);
  afterAll(async () => { await s?.stop(); });

  it('answers a page grant from the signed-in principal, reading no menu or role per call, and to the browser with the buttons', async () => {
    const lina = await s.login('lina');
    const permissions = await permissionsOf(lina);
    for (const page of ['menu:communityMyVote', 'menu:communityForum', 'menu:communityFeed', 'menu:infoNoticeMine']) expect(permissions).toContain(page);
    expect(permissions).not.toContain('menu:infohubStatistics');
    const menus = await s.get(lina, '/get/system/myMenus');
    expect(String(menus.body.data.permissions).split(',')).toEqual(permissions);

    expect((await s.get(lina, '/get/info/getMyPendingVoteList')).body.code).toBe(200);
    const again = await statementsOf(async () => expect((await s.get(lina, '/get/info/getMyPendingVoteList')).body.code).toBe(200));
    expect(again.filter((q) => /"sys_menu"|"sys_role"/.test(q))).toEqual([]);
  });

  it('refuses the page\'s calls with 403 to a user whose roles do not grant it, and follows a grant on the very next call', async () => {
    // The security administrator holds none of the staff's pages.
    const secadmin = await s.login('secadmin');
    for (const call of ['/get/info/getMyPendingVoteList', '/get/info/getForumBoards', '/get/info/getDynamicsFeed', '/get/file/getMyPhotoAlbums']) {
      expect((await s.get(secadmin, call)).status, call).toBe(403);
    }
    const huangqiang = await s.login('huangqiang');
    expect((await s.get(huangqiang, '/get/info/getUnitCount')).body.code).toBe(200);
    const lina = await s.login('lina');
    expect((await s.get(lina, '/get/info/getUnitCount')).status).toBe(403);

    // The statistics page granted to the staff role opens the calls at once; taken back, it closes them.
    const staff = await roleOf('staff');
    const held = String(staff.menuIds).split(',');
    const granted = await s.post(admin, '/set/system/updateRole', { id: staff.roleId, menuIds: [...held, await menuIdOf('infohubStatistics')] });
    expect(granted.body.code, granted.body.message).toBe(200);
    expect((await s.get(lina, '/get/info/getUnitCount')).body.code).toBe(200);
    expect(await permissionsOf(lina)).toContain('menu:infohubStatistics');
    expect((await s.post(admin, '/set/system/updateRole', { id: staff.roleId, menuIds: held })).body.code).toBe(200);
    expect((await s.get(lina, '/get/info/getUnitCount')).status).toBe(403);
  });

  it('gives the superuser every page but those of separated duties', async () => {
    const permissions = await permissionsOf(admin);
    for (const page of ['menu:communityMyVote', 'menu:infohubStatistics', 'menu:galleryAlbums', 'menu:hrAnalysis']) expect(permissions).toContain(page);
    expect(permissions).not.toContain('menu:systemOperationLog');
    expect(permissions).not.toContain('menu:systemSecurityEvent');
    expect((await s.get(admin, '/get/info/getUnitCount')).body.code).toBe(200);
  });

  it('shows staff their reading pages and none of the management pages, which their managers keep', async () => {
    const lina = await s.login('lina');
    const staffMenu = await menuNames(lina);
    for (const page of ['infoNoticeMine', 'infoNewsReader', 'communityFeed', 'communityForum', 'communityMyVote', 'communityLeaderMailbox',
      'infohubBigStoryTimeline', 'infohubOpenInfo', 'knowledgeHome', 'knowledgeDoc', 'knowledgeLearnRecord', 'serviceFeedback']) {
      expect(staffMenu, page).toContain(page);
    }
    for (const page of ['infoNotice', 'infoNews', 'communityManage', 'communityDiscussBoard', 'communityDiscussNotice', 'communityDiscussPost',
      'communityDiscussReply', 'communityDynamicsRecord', 'communityDynamicsComment', 'communityLeaderMailboxConfig', 'infohubBigStory', 'knowledgeComment']) {
      expect(staffMenu, page).not.toContain(page);
    }
    // 吴婷 administers information and the community; 黄强 approves notices (their manage list), not news.
    const wuting = await menuNames(await s.login('wuting'));
    for (const page of ['infoNotice', 'infoNews', 'communityDiscussPost', 'communityDynamicsRecord']) expect(wuting, page).toContain(page);
    const huangqiang = await menuNames(await s.login('huangqiang'));
    expect(huangqiang).toContain('infoNotice');
    expect(huangqiang).not.toContain('infoNews');
    expect(huangqiang).toContain('infohubBigStory');
  });

  it('serves the staff\'s reading pages without the management lists', async () => {
    const lina = await s.login('lina');
    const boards = await s.get(lina, '/get/info/getForumBoards');
    expect(boards.body.code, boards.body.message).toBe(200);
    expect(boards.body.data.list.length).toBeGreaterThan(0);
    const sorts = boards.body.data.list.map((b: { sort: number }) => b.sort);
    expect(sorts).toEqual([...sorts].sort((a: number, b: number) => a - b));
    const board = String(boards.body.data.list[0].boardId);
    const posts = await s.get(lina, '/get/info/getDiscussBoardPosts', { boardId: board });
    expect(posts.body.code, posts.body.message).toBe(200);
    const posted = await s.post(lina, '/set/info/insertDiscussPost', { board, title: '读者页发帖', content: '<p>正文</p>' });
    expect(posted.body.code, posted.body.message).toBe(200);
    expect((await s.get(lina, '/get/info/getDiscussPostDetail', { id: posted.body.data.postId })).body.data.post.title).toBe('读者页发帖');
    for (const call of ['/get/info/getDynamicsFeed', '/get/info/getMyNoticeList', '/get/info/getPublishedNewsList', '/get/info/getMyBigStoryList', '/get/knowledge/getKnowledgeReadList']) {
      const answer = await s.get(lina, call);
      expect(answer.body.code, `${call}: ${answer.body.message}`).toBe(200);
    }
    // The boards' management list is the community administrators'.
    expect((await s.get(lina, '/get/info/getDiscussBoardList')).status).toBe(403);
    expect((await s.get(await s.login('wuting'), '/get/info/getDiscussBoardList')).body.code).toBe(200);
  });

  it('shows an entity page only with one of its lists, not for another button alone', async () => {
    const zhoujie = await s.login('zhoujie');
    const probe = await s.post(admin, '/set/system/insertRole', {
      roleCode: 'pageProbe', roleName: '页面探针', dataScope: '1', status: 1, menuIds: [await buttonOf('office:OfficeSupplies:view')],
    });
    expect(probe.body.code, probe.body.message).toBe(200);
    const staff = String((await roleOf('staff')).roleId);
    const withProbe = await s.postJson(admin, '/set/system/updateUser', { id: users.zhoujie.userId, roleIds: [staff, probe.body.data.roleId] });
    expect(withProbe.body.code, withProbe.body.message).toBe(200);
    expect(await permissionsOf(zhoujie)).toContain('office:OfficeSupplies:view');
    expect(await menuNames(zhoujie)).not.toContain('officeSupplies');
    const listed = await s.post(admin, '/set/system/updateRole', {
      id: probe.body.data.roleId, menuIds: [await buttonOf('office:OfficeSupplies:view'), await buttonOf('office:OfficeSupplies:list')],
    });
    expect(listed.body.code, listed.body.message).toBe(200);
    expect(await menuNames(zhoujie)).toContain('officeSupplies');
  });
});
