import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';

const databases = await databasesUnderTest();

/** GET /get/bpm/getBindableEntities: what the process designer offers as the bound entity (docs/WORKFLOW.md › Designer). */
describe.each(databases)('the entities a process may be bound to on $name', (database) => {
  let s: TestServer;
  beforeAll(async () => { s = await startTestServer(database); });
  afterAll(async () => { await s.stop(); });

  it('lists the entities declaring workflow, with the process each submits to, to process administrators only', async () => {
    const admin = await s.login('admin');
    const answer = await s.get(admin, '/get/bpm/getBindableEntities');
    expect(answer.body.code, answer.body.message).toBe(200);
    const list = answer.body.data.list as { name: string; title: string; module: string; process: string }[];
    expect(list).toEqual(expect.arrayContaining([
      { name: 'BpmSealApply', title: 'entity.BpmSealApply.title', module: 'bpm', process: 'sealApply' },
      { name: 'DocSend', title: 'entity.DocSend.title', module: 'doc', process: 'docSend' },
      { name: 'DocReceive', title: 'entity.DocReceive.title', module: 'doc', process: 'docReceive' },
    ]));
    // Exactly the entities with a binding: a simple `flow` (the vehicle application) is not one.
    const bound = [...s.server.ctx.registry.entities.values()].filter((e) => e.workflow).map((e) => e.name).sort();
    expect(list.map((e) => e.name).sort()).toEqual(bound);
    expect(list.map((e) => e.name)).not.toContain('OfficeVehicleApply');

    const staff = await s.get(await s.login('lina'), '/get/bpm/getBindableEntities');
    expect(staff.status).toBe(403);
    expect(staff.body.code).toBe(403);
  });
});
