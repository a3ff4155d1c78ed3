import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';

const databases = await databasesUnderTest();

describe.each(databases)('office viewer configuration call on $name', (database) => {
  describe('with the defaults', () => {
    let s: TestServer;
    beforeAll(async () => { s = await startTestServer(database); });
    afterAll(async () => { await s.stop(); });

    it('answers the built-in previews to a signed-in user', async () => {
      const token = await s.login('lina');
      const answer = await s.get(token, '/get/file/getOfficeViewerConfig');
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ code: 200, data: { attachHost: '', officeType: 'builtin', ofdType: 'builtin', openOnLineFlag: true } });
    });

    it('answers 401 without a session', async () => {
      const answer = await s.get(undefined, '/get/file/getOfficeViewerConfig');
      expect(answer.status).toBe(401);
      expect(answer.body.code).toBe(401);
    });
  });

  describe('with an attachment host configured', () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer(database, { ATTACH_HOST: 'https://office.example.cn:8443/attach/', OFFICE_TYPE: 'wps', OFD_TYPE: 'reader', OPEN_ON_LINE_FLAG: '0' });
    });
    afterAll(async () => { await s.stop(); });

    it('answers the configured values, normalised', async () => {
      const answer = await s.get(await s.login('lina'), '/get/file/getOfficeViewerConfig');
      expect(answer.body.data).toEqual({ attachHost: 'https://office.example.cn:8443/attach', officeType: 'wps', ofdType: 'reader', openOnLineFlag: false });
    });
  });
});
