import PizZip from 'pizzip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { messageLinkPath, parseWorkflowLink } from '../../runtime/core/links';
import { SaxesParser } from 'saxes';
import mammoth from 'mammoth';
import { buildDocx, docxParagraphs } from '../../server/modules/doc/docxFiles';
import { demoSealPng } from '../../server/modules/doc/demoSeal';
import { RICH_BODY_TEXT, richBodyDocx } from '../fixtures/doc/richBody';
import { deptIds, demoUsers, postEn, type DemoUser } from './helpers';

const databases = await databasesUnderTest();

/**
 * 公文 (schemas/doc, server/modules/doc): numbering when signed, 套红 into body versions, templates
 * refused when broken, 分发 into 收文 with receipts and messages, reading, and who may do what.
 */
describe.each(databases)('official documents, on $name', (database) => {
  let s: TestServer;
  let wuting: string; // 文书 (docClerk)
  let lina: string; // staff of 前端开发组: reads what is sent to her group
  let chenjing: string; // staff of 财务部
  let users: Record<string, DemoUser>;
  let depts: Record<string, string>;
  const year = new Date().getFullYear();
  let seq = 0;

  beforeAll(async () => {
    s = await startTestServer(database);
    [wuting, lina, chenjing] = await Promise.all(['wuting', 'lina', 'chenjing'].map((a) => s.login(a)));
    users = await demoUsers(s);
    depts = await deptIds(s);
  });
  afterAll(async () => { await s.stop(); });

  const db = () => s.server.ctx.database.db;
  const ok = <T>(res: { body: { code: number; message: string; data: T } }): T => {
    expect(res.body.code, res.body.message).toBe(200);
    return res.body.data;
  };
  const uploadDocx = async (token: string, name: string, bytes: Buffer) =>
    ok(await s.upload(token, '/set/file/uploadFile', { name, content: bytes }, { module: 'doc' })) as { attachId: string };
  const download = async (token: string, attachId: string) => {
    const res = await fetch(`${s.baseUrl}/capi/file/download`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: new URLSearchParams({ attachId }) });
    expect(res.status).toBe(200);
    return Buffer.from(await res.arrayBuffer());
  };
  const template = async (name: string, bytes: Buffer) => {
    const file = await uploadDocx(wuting, `${name}.docx`, bytes);
    return s.post(wuting, '/set/doc/insertDocTemplate', { templateName: name, docType: 'notice', templateFile: file.attachId, enabled: 1 });
  };
  const draft = async (values: Record<string, unknown> = {}) => ok(await s.post(wuting, '/set/doc/insertDocSend', {
    title: `关于测试事项的通知（${++seq}）`, docType: 'notice', mainDepts: depts['前端开发组'], ...values,
  })) as Record<string, any>;
  const tokens = new Map<string, string>();
  const tokenOf = async (userId: string) => {
    if (!tokens.has(userId)) tokens.set(userId, await s.login(Object.values(users).find((u) => u.userId === userId)!.accountId));
    return tokens.get(userId)!;
  };
  /** Submits the 发文 to 发文审批 and agrees every step as its assignee; 领导签发 fills the signer and date. */
  const sign = async (id: string) => {
    const { instanceId } = ok(await s.post(wuting, '/set/bpm/startProcess', { bizEntity: 'DocSend', bizId: id })) as { instanceId: string };
    const nodes: string[] = [];
    for (;;) {
      const task = await db().selectFrom('bpm_task').select(['taskId', 'assignee', 'nodeId']).where('instanceId', '=', instanceId)
        .where('status', '=', 'pending').where('kind', '=', 'todo').executeTakeFirst();
      if (!task) return nodes;
      nodes.push(String(task.nodeId));
      const formData = task.nodeId === 'sign' ? { formData: { signer: users.wuting.userId, signDate: '2026-11-20' } } : {};
      ok(await s.post(await tokenOf(String(task.assignee)), '/set/bpm/completeTask', { taskId: task.taskId, action: 'agree', opinion: '同意', ...formData }));
    }
  };
  const byId = async (id: string) => ok(await s.get(wuting, '/get/doc/getDocSendById', { id })) as Record<string, any>;

  it('goes through 发文审批 (核稿, 审核, 签发 filling the signer), then takes 机关代字〔year〕N号 from the code rule, one after another', async () => {
    const template = await templateIdByName('通用红头文件（通知）');
    const first = await draft({ docNo: '伪造〔1999〕1号', templateId: template });
    expect(first.docNo ?? null).toBeNull();
    expect(first.status).toBe('draft');
    const refused = await s.post(wuting, '/set/doc/redHeaderDocSend', { id: first.sendId });
    expect(refused.body).toMatchObject({ code: 100, message: '公文须经领导签发后才能套红或分发' });

    expect(await sign(first.sendId)).toEqual(['check', 'review', 'sign']);
    const signed = await byId(first.sendId);
    expect(signed).toMatchObject({ status: 'signed', signer: users.wuting.userId, signDate: '2026-11-20' });
    expect(signed.docNo ?? null).toBeNull();

    const body = await uploadDocx(wuting, '正文.docx', buildDocx([{ text: '正文' }]));
    const second = await draft({ docWord: '华智办', bodyFile: body.attachId });
    await sign(second.sendId);
    ok(await s.post(wuting, '/set/doc/redHeaderDocSend', { id: first.sendId }));
    ok(await s.post(wuting, '/set/doc/distributeDocSend', { id: second.sendId }));
    const numberOf = (docNo: string, word: string) => {
      const match = new RegExp(`^${word}〔${year}〕(\\d+)号$`).exec(docNo);
      expect(match, docNo).not.toBeNull();
      return Number(match![1]);
    };
    expect(numberOf((await byId(second.sendId)).docNo, '华智办')).toBe(numberOf((await byId(first.sendId)).docNo, '华智发') + 1);
  });

  it('fills the red-header template into a new .docx body version holding the number, title and body; previewable by readers of the record', async () => {
    const doc = await draft({ templateId: await templateIdByName('通用红头文件（通知）'), copyDepts: depts['人力资源部'] });
    const body = await uploadDocx(wuting, '正文.docx', buildDocx([{ text: '请各部门于本周五前报送材料。' }, { text: '特此通知。' }]));
    ok(await s.post(wuting, '/set/doc/updateDocSend', { id: doc.sendId, bodyFile: body.attachId, rowVersion: (await byId(doc.sendId)).rowVersion }));
    await sign(doc.sendId);
    const filled = ok(await s.post(wuting, '/set/doc/redHeaderDocSend', { id: doc.sendId })) as { attachId: string };
    const signed = await byId(doc.sendId);
    expect(signed.bodyFile).toBe(filled.attachId);

    const text = docxParagraphs(await download(wuting, filled.attachId));
    expect(text).toContain(signed.docNo);
    expect(text).toContain(signed.title);
    expect(text).toContain('华东智联科技集团有限公司文件');
    // {@body} puts the body's own paragraphs in place of the template's.
    expect(text).toContain('请各部门于本周五前报送材料。');
    expect(text).toContain('特此通知。');
    expect(text).toContain('前端开发组：');
    expect(text).toContain('2026年11月20日');
    expect(text).toContain('抄送：人力资源部');
    expect(new PizZip(await download(wuting, filled.attachId)).file('word/document.xml')).toBeTruthy();

    // A second fill wraps the uploaded body again (never the red-headed one) as version 3.
    const again = ok(await s.post(wuting, '/set/doc/redHeaderDocSend', { id: doc.sendId })) as { attachId: string };
    expect(docxParagraphs(await download(wuting, again.attachId)).filter((p) => p === '华东智联科技集团有限公司文件')).toHaveLength(1);
    const versions = await db().selectFrom('doc_body_version').select(['versionNo', 'changeKind', 'bodyFile', 'createUser', 'reason'])
      .where('sendId', '=', doc.sendId).orderBy('versionNo').execute();
    expect(versions.map((v) => [Number(v.versionNo), v.changeKind, v.bodyFile])).toEqual([
      [1, 'upload', body.attachId], [2, 'redHeader', filled.attachId], [3, 'redHeader', again.attachId],
    ]);
    expect(versions.every((v) => v.createUser === users.wuting.userId)).toBe(true);
    expect(versions[1].reason).toBe('通用红头文件（通知）');
  });

  async function templateIdByName(name: string): Promise<string> {
    const row = await db().selectFrom('doc_template').select('templateId').where('templateName', '=', name).executeTakeFirstOrThrow();
    return String(row.templateId);
  }

  it('refuses a template that is not a .docx, has unbalanced braces or unknown placeholders, in the caller\'s language', async () => {
    const notZip = await template('坏模板', Buffer.from('这不是 Word 文档'));
    expect(notZip.body).toMatchObject({ code: 100, message: '模板「坏模板」不是有效的 Word 文档（.docx），请上传 .docx 文件' });
    const unclosed = await template('缺括号', buildDocx([{ text: '{authority}文件' }, { text: '{docNo' }]));
    expect(unclosed.body.code).toBe(100);
    expect(unclosed.body.message).toMatch(/^模板「缺括号」的占位符有误：.*docNo.*占位符须成对使用英文花括号/);
    const unknown = await template('错占位符', buildDocx([{ text: '{docno} {title}' }]));
    expect(unknown.body.message).toBe('模板「错占位符」含有不支持的占位符 {docno}，可用的占位符：{authority} {docNo} {title} {date} {signer} {mainTo} {copyTo} {urgency} {secretLevel} {body} {@body} {%seal}');
    // Only the body is raw XML: {@title} would paste a title as markup.
    expect((await template('原始标题', buildDocx([{ text: '{@title}' }]))).body.message).toMatch(/^模板「原始标题」含有不支持的占位符 \{@title\}/);
    const file = await uploadDocx(wuting, 'x.docx', buildDocx([{ text: '{docNo' }]));
    const english = await postEn(s, wuting, '/set/doc/insertDocTemplate', { templateName: 'Broken', templateFile: file.attachId, enabled: 1 });
    expect(english.body.message).toMatch(/^Template "Broken" has a malformed placeholder/);
    const good = await template('合格模板', buildDocx([{ text: '{authority}' }, { text: '{docNo}' }, { text: '{body}' }]));
    expect(good.body.code, good.body.message).toBe(200);
    expect(await db().selectFrom('doc_template').select('templateName').where('templateName', 'in', ['坏模板', '缺括号', '错占位符', 'Broken']).execute()).toEqual([]);
  });

  it('distributes to the main and copy departments: a 收文 each, unread receipts and messages whose link opens the document; reading marks the receipt once', async () => {
    const body = await uploadDocx(wuting, '正文.docx', buildDocx([{ text: '分发测试正文。' }]));
    const doc = await draft({ mainDepts: depts['前端开发组'], copyDepts: depts['后端开发组'], bodyFile: body.attachId });
    await sign(doc.sendId);
    ok(await s.post(wuting, '/set/doc/distributeDocSend', { id: doc.sendId, rowVersion: (await byId(doc.sendId)).rowVersion }));
    const signed = await byId(doc.sendId);
    expect(signed.status).toBe('distributed');
    expect(signed.docNo).toMatch(new RegExp(`^华智发〔${year}〕\\d+号$`));
    // Distributed once: a second click is refused and makes nothing.
    expect((await s.post(wuting, '/set/doc/distributeDocSend', { id: doc.sendId })).body).toMatchObject({ code: 100, message: '公文须经领导签发后才能套红或分发' });
    // Signed and distributed, the document is closed: no edit, no delete, no second submission.
    expect((await s.post(wuting, '/set/doc/updateDocSend', { sendId: doc.sendId, title: '改过的标题' })).body).toMatchObject({ code: 100, message: '该记录已审批通过，不能再修改或删除' });
    expect((await s.post(wuting, '/set/doc/deleteDocSend', { sendId: doc.sendId })).body).toMatchObject({ code: 100, message: '该记录已审批通过，不能再修改或删除' });
    expect((await s.post(wuting, '/set/bpm/startProcess', { bizEntity: 'DocSend', bizId: doc.sendId })).body).toMatchObject({ code: 100, message: '该记录已审批通过，不能再次提交' });
    expect((await byId(doc.sendId)).title).toBe(signed.title);

    const receives = await db().selectFrom('doc_receive').selectAll().where('sendId', '=', doc.sendId).orderBy('receiveNo').execute();
    expect(receives.map((r) => r.receiveDept).sort()).toEqual([depts['前端开发组'], depts['后端开发组']].sort());
    for (const r of receives) {
      expect(r).toMatchObject({ title: signed.title, sourceDocNo: signed.docNo, sourceUnit: '华东智联科技集团有限公司', bodyFile: body.attachId, status: 'registered' });
      expect(String(r.receiveNo)).toMatch(new RegExp(`^SW-${year}-\\d{4}$`));
    }
    const frontend = Object.values(users).filter((u) => u.deptId === depts['前端开发组']).map((u) => u.userId);
    const backend = Object.values(users).filter((u) => u.deptId === depts['后端开发组']).map((u) => u.userId);
    const receipts = await db().selectFrom('doc_read_receipt').selectAll().where('sendId', '=', doc.sendId).execute();
    expect(receipts.map((r) => r.userId).sort()).toEqual([...frontend, ...backend].sort());
    expect(receipts.every((r) => Number(r.readFlag) === 0)).toBe(true);

    const linaReceive = receives.find((r) => r.receiveDept === users.lina.deptId)!;
    const message = await db().selectFrom('sys_message').selectAll().where('receiverId', '=', users.lina.userId).where('link', 'like', '/doc/handle/read%')
      .where('link', 'like', `%${String(linaReceive.receiveId)}%`).executeTakeFirstOrThrow();
    expect(message.title).toBe(`收文提醒：${signed.docNo}《${signed.title}》已分发给前端开发组，请及时阅办`);
    const link = parseWorkflowLink('doc', 'read', String(message.link).split('?')[1]);
    expect(link).toEqual({ area: 'doc', action: 'read', runId: linaReceive.receiveId, sendToId: users.lina.userId });
    // The combined id of the spec (run id and user id one after another) splits back into the same link.
    expect(messageLinkPath({ module: 'doc', kind: 'sendToUser', id: `${String(linaReceive.receiveId)}${users.lina.userId}` })).toBe(message.link);

    expect(ok(await s.post(lina, '/set/doc/readDocReceive', { id: linaReceive.receiveId }))).toMatchObject({ firstRead: true, sendId: doc.sendId });
    const mine = await db().selectFrom('doc_read_receipt').selectAll().where('sendId', '=', doc.sendId).where('userId', '=', users.lina.userId).executeTakeFirstOrThrow();
    expect(Number(mine.readFlag)).toBe(1);
    expect(mine.readTime).toBeTruthy();
    expect(ok(await s.post(lina, '/set/doc/readDocReceive', { id: linaReceive.receiveId }))).toMatchObject({ firstRead: false });
    const again = await db().selectFrom('doc_read_receipt').select('readTime').where('receiptId', '=', mine.receiptId).executeTakeFirstOrThrow();
    expect(again.readTime).toBe(mine.readTime);

    // Who has and has not read, as the clerk's list answers it.
    const unread = ok(await s.get(wuting, '/get/doc/getDocReadReceiptList', {
      filterObj: { sendId: { value: doc.sendId, operator: 'eq' }, readFlag: { value: 0, operator: 'eq' } }, pageSize: 50,
    })) as { list: { userId: string }[] };
    expect(unread.list.map((r) => r.userId).sort()).toEqual([...frontend, ...backend].filter((id) => id !== users.lina.userId).sort());

    // The reader reads the 收文 and its body through the record; someone it was not sent to does not.
    expect((ok(await s.get(lina, '/get/doc/getDocReceiveById', { id: linaReceive.receiveId })) as Record<string, unknown>).title).toBe(signed.title);
    expect((await download(lina, body.attachId)).length).toBeGreaterThan(0);
    expect((await s.post(chenjing, '/set/doc/readDocReceive', { id: linaReceive.receiveId })).status).toBe(403);
    expect((await s.get(chenjing, '/get/doc/getDocReceiveById', { id: linaReceive.receiveId })).status).toBe(403);
  });

  /** Every XML part of a .docx parses as namespace-well-formed XML (a prefix nobody declared fails); answers the package. */
  const expectWellFormed = (bytes: Buffer) => {
    const zip = new PizZip(bytes);
    for (const name of Object.keys(zip.files).filter((n) => /\.(xml|rels)$/.test(n))) {
      // saxes (exceljs reads workbooks with it) throws at the first error.
      expect(() => new SaxesParser({ xmlns: true }).write(zip.file(name)!.asText()).close(), name).not.toThrow();
    }
    return zip;
  };
  /** A signed 发文 with `body` under a template made of `paragraphs`, red-headed: the filled .docx. */
  const fillWith = async (templateName: string, paragraphs: string[], body: Buffer, sealImage?: string) => {
    const file = await uploadDocx(wuting, `${templateName}.docx`, buildDocx(paragraphs.map((text) => ({ text, align: text === '{%seal}' ? 'right' as const : undefined }))));
    const made = ok(await s.post(wuting, '/set/doc/insertDocTemplate', { templateName, docType: 'notice', templateFile: file.attachId, enabled: 1, ...(sealImage ? { sealImage } : {}) })) as { templateId: string };
    const doc = await draft({ templateId: made.templateId, bodyFile: (await uploadDocx(wuting, '正文.docx', body)).attachId });
    await sign(doc.sendId);
    const filled = ok(await s.post(wuting, '/set/doc/redHeaderDocSend', { id: doc.sendId })) as { attachId: string };
    return download(wuting, filled.attachId);
  };

  it('stamps the template\'s seal at {%seal} as an inline picture and keeps the body\'s headings, bold runs, lists, tables, pictures and links ({@body})', async () => {
    const seal = demoSealPng();
    const upload = ok(await s.upload(wuting, '/set/file/uploadImg', { name: '公章.png', content: seal }, { module: 'doc' })) as { attachId: string };
    const bytes = await fillWith('盖章模板', ['{authority}文件', '{docNo}', '{@body}', '{%seal}', '{date}'], richBodyDocx(), upload.attachId);
    const zip = expectWellFormed(bytes);

    // The seal: its picture part (the uploaded bytes), an image relationship to it, the png content type and the drawing.
    const rels = zip.file('word/_rels/document.xml.rels')!.asText();
    const sealRel = /<Relationship Id="([^"]+)" Type="[^"]+\/image" Target="media\/seal\.png"\/>/.exec(rels);
    expect(sealRel, rels).not.toBeNull();
    expect(zip.file('word/media/seal.png')!.asNodeBuffer().equals(seal)).toBe(true);
    expect(zip.file('[Content_Types].xml')!.asText()).toMatch(/<Default Extension="png" ContentType="image\/png"\/>/);
    const documentXml = zip.file('word/document.xml')!.asText();
    const drawing = new RegExp(`<w:drawing><wp:inline\\b[\\s\\S]*?<wp:extent cx="1440000" cy="1440000"/>[\\s\\S]*?<a:blip r:embed="${sealRel![1]}"/>[\\s\\S]*?</w:drawing>`).exec(documentXml);
    expect(drawing).not.toBeNull();
    // In the right-aligned paragraph the tag stood in, without the marker text.
    expect(documentXml).toMatch(/<w:p><w:pPr><w:jc w:val="right"\/><\/w:pPr><w:r>(?:(?!<\/w:p>)[\s\S])*<w:drawing>/);
    expect(documentXml).not.toMatch(/DOCSEAL/);

    // The body as Word would show it, read back by another reader of .docx files (mammoth).
    const html = (await mammoth.convertToHtml({ buffer: bytes })).value;
    const t = RICH_BODY_TEXT;
    expect(html).toContain(`<h1>${t.heading}</h1>`);
    expect(html).toContain(`<p><strong>${t.bold}</strong>${t.plain}</p>`);
    expect(html).toContain(`<ol><li>${t.listItem}</li></ol>`);
    expect(html).toContain(`<table><tr><td><p>${t.cells[0]}</p></td><td><p>${t.cells[1]}</p></td></tr><tr><td><p>${t.cells[2]}</p></td><td><p>${t.cells[3]}</p></td></tr></table>`);
    expect(html).toContain(`<a href="https://portal.example.com/?a=1&amp;b=2">${t.link}</a>`);
    expect(html.match(/<img src="data:image\/png;base64,/g)).toHaveLength(2); // the body's picture and the seal
    // The styles and list the body used came along, the template's default untouched; drawing ids stay unique.
    expect(zip.file('word/styles.xml')!.asText()).toContain('w:styleId="Heading1"');
    expect(zip.file('word/styles.xml')!.asText()).not.toContain('w:default="1"');
    expect(zip.file('word/numbering.xml')!.asText()).toMatch(/<w:num w:numId="1"><w:abstractNumId w:val="0"\/><\/w:num>/);
    const drawingIds = [...documentXml.matchAll(/<wp:docPr id="(\d+)"/g)].map((m) => m[1]);
    expect(new Set(drawingIds).size).toBe(2);
    // The body's page settings and comment anchors stay behind: one section, the template's.
    expect(documentXml.match(/<w:sectPr\b/g)).toHaveLength(1);
    expect(documentXml).not.toContain('commentRange');
  });

  it('renders {%seal} empty when the template has no seal, and {body} as the body\'s text, the document opening as before', async () => {
    const bytes = await fillWith('无章模板', ['{authority}文件', '{body}', '{%seal}', '{date}'], buildDocx([{ text: '第一段。' }, { text: '第二段。' }]));
    const zip = expectWellFormed(bytes);
    expect(zip.file(/^word\/media\//)).toEqual([]);
    expect(zip.file('word/document.xml')!.asText()).not.toContain('<w:drawing');
    const text = docxParagraphs(bytes);
    expect(text).toEqual(['华东智联科技集团有限公司文件', '第一段。\n第二段。', '', '2026年11月20日']);
  });

  it('refuses a seal picture that is not a PNG or JPEG, and a 发文 body that is not a .docx when it is saved, in the caller\'s language', async () => {
    const gif = ok(await s.upload(wuting, '/set/file/uploadImg', { name: '公章.gif', content: Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(20)]) }, { module: 'doc' })) as { attachId: string };
    const file = await uploadDocx(wuting, '模板.docx', buildDocx([{ text: '{%seal}' }]));
    const refused = await s.post(wuting, '/set/doc/insertDocTemplate', { templateName: '动图公章', templateFile: file.attachId, sealImage: gif.attachId, enabled: 1 });
    expect(refused.body).toMatchObject({ code: 100, message: '模板「动图公章」的公章图片须为 PNG 或 JPEG 图片', data: { errors: [{ field: 'sealImage' }] } });

    const pdf = ok(await s.upload(wuting, '/set/file/uploadFile', { name: '正文.pdf', content: Buffer.from('%PDF-1.4\n%%EOF\n') }, { module: 'doc' })) as { attachId: string };
    const renamed = ok(await s.upload(wuting, '/set/file/uploadFile', { name: '改名的正文.docx', content: Buffer.from('纯文本，不是 Word 文档') }, { module: 'doc' })) as { attachId: string };
    const values = { title: '正文格式检查', docType: 'notice', mainDepts: depts['前端开发组'] };
    const pdfBody = await s.post(wuting, '/set/doc/insertDocSend', { ...values, bodyFile: pdf.attachId });
    expect(pdfBody.body).toMatchObject({ code: 100, message: '正文须为 Word 文档（.docx），「正文.pdf」不是有效的 .docx 文件，请另存为 .docx 后上传' });
    // The form marks the body field.
    expect(pdfBody.body.data.errors).toEqual([{ field: 'bodyFile', message: pdfBody.body.message }]);
    expect((await s.post(wuting, '/set/doc/insertDocSend', { ...values, bodyFile: renamed.attachId })).body)
      .toMatchObject({ code: 100, message: '正文须为 Word 文档（.docx），「改名的正文.docx」不是有效的 .docx 文件，请另存为 .docx 后上传' });
    expect(await db().selectFrom('doc_send').select('sendId').where('title', '=', values.title).execute()).toEqual([]);
    // On update too, nothing written; in English for an English caller.
    const doc = await draft();
    const english = await postEn(s, wuting, '/set/doc/updateDocSend', { id: doc.sendId, bodyFile: pdf.attachId, rowVersion: doc.rowVersion });
    expect(english.body).toMatchObject({ code: 100, message: 'The body must be a Word document (.docx); "正文.pdf" is not a valid .docx file, please save it as .docx and upload it again' });
    expect((await byId(doc.sendId)).bodyFile ?? null).toBeNull();
    const docx = await uploadDocx(wuting, '正文.docx', buildDocx([{ text: '正文' }]));
    ok(await s.post(wuting, '/set/doc/updateDocSend', { id: doc.sendId, bodyFile: docx.attachId, rowVersion: doc.rowVersion }));
  });

  it('gives the 收文 of a department of another unit to that unit: its clerk lists it, the sender\'s unit keeps the receipts', async () => {
    const admin = await s.login('admin');
    const unit = ok(await s.post(admin, '/set/system/insertUnit', { unitName: '华东智联苏州分公司', unitType: 1 })) as { unitId: string };
    ok(await s.post(admin, '/set/system/initDept', { id: unit.unitId }));
    const office = await db().selectFrom('sys_dept').select('deptId').where('unitId', '=', unit.unitId).where('deptName', '=', '办公室').executeTakeFirstOrThrow();
    const clerkRole = await db().selectFrom('sys_role').select('roleId').where('roleCode', '=', 'docClerk').executeTakeFirstOrThrow();
    const made = ok(await s.post(admin, '/set/system/insertUser', { accountId: 'szclerk', userName: '苏州文书', deptId: office.deptId, roleIds: [clerkRole.roleId], status: 1 })) as { userId: string };
    // A user belongs to their department's unit (the people screens keep them together; set here as they would).
    await db().updateTable('sys_user').set({ unitId: unit.unitId }).where('userId', '=', made.userId).execute();
    const branchClerk = (ok(await s.post(admin, '/set/system/loginOtherAccount', { accountId: 'szclerk' })) as { token: string }).token;

    const body = await uploadDocx(wuting, '正文.docx', buildDocx([{ text: '跨单位分发。' }]));
    const doc = await draft({ mainDepts: office.deptId, copyDepts: depts['前端开发组'], bodyFile: body.attachId });
    await sign(doc.sendId);
    ok(await s.post(wuting, '/set/doc/distributeDocSend', { id: doc.sendId }));

    const receives = await db().selectFrom('doc_receive').select(['receiveId', 'receiveDept', 'unitId', 'createDept']).where('sendId', '=', doc.sendId).execute();
    const branch = receives.find((r) => r.receiveDept === office.deptId)!;
    expect(branch).toMatchObject({ unitId: unit.unitId, createDept: office.deptId });
    expect(receives.find((r) => r.receiveDept === depts['前端开发组'])!.unitId).toBe(users.wuting.unitId);

    const listOf = async (token: string) => (ok(await s.get(token, '/get/doc/getDocReceiveList', {
      filterObj: { sendId: { value: doc.sendId, operator: 'eq' } }, pageSize: 50,
    })) as { list: { receiveId: string }[] }).list.map((r) => r.receiveId);
    expect(await listOf(branchClerk)).toEqual([branch.receiveId]);
    expect(await listOf(wuting)).not.toContain(branch.receiveId);
    // The reader opens it from the message; the sender's clerk sees the receipt turn read.
    expect(ok(await s.post(branchClerk, '/set/doc/readDocReceive', { id: branch.receiveId }))).toMatchObject({ firstRead: true });
    const read = ok(await s.get(wuting, '/get/doc/getDocReadReceiptList', {
      filterObj: { sendId: { value: doc.sendId, operator: 'eq' }, readFlag: { value: 1, operator: 'eq' } }, pageSize: 50,
    })) as { list: { userId: string }[] };
    expect(read.list.map((r) => r.userId)).toEqual([made.userId]);
  });

  it('refuses a distribution to a department with nobody in it, by name, and distributes nothing', async () => {
    const root = await db().selectFrom('sys_dept').select(['deptId', 'unitId']).where('deptName', '=', '行政部').executeTakeFirstOrThrow();
    const empty = ok(await s.post(await s.login('admin'), '/set/system/insertDept', { deptName: '空部门', parentId: root.deptId })) as { deptId: string };
    const body = await uploadDocx(wuting, '正文.docx', buildDocx([{ text: '正文' }]));
    const doc = await draft({ mainDepts: [depts['前端开发组'], empty.deptId].join(','), bodyFile: body.attachId });
    await sign(doc.sendId);
    const refused = await s.post(wuting, '/set/doc/distributeDocSend', { id: doc.sendId });
    expect(refused.body).toMatchObject({ code: 100, message: '分发对象「空部门」没有在职人员，请调整主送或抄送部门' });
    expect((await byId(doc.sendId)).status).toBe('signed');
    expect(await db().selectFrom('doc_receive').select('receiveId').where('sendId', '=', doc.sendId).execute()).toEqual([]);
  });

  it('lets only the clerk draft, submit, red-header and distribute', async () => {
    const doc = await draft();
    expect((await s.post(lina, '/set/doc/insertDocSend', { title: '越权', docType: 'notice', mainDepts: depts['前端开发组'] })).status).toBe(403);
    expect((await s.post(lina, '/set/bpm/startProcess', { bizEntity: 'DocSend', bizId: doc.sendId })).status).toBe(403);
    expect((await s.post(lina, '/set/doc/redHeaderDocSend', { id: doc.sendId })).status).toBe(403);
    expect((await s.post(lina, '/set/doc/distributeDocSend', { id: doc.sendId })).status).toBe(403);
    expect((await s.get(lina, '/get/doc/getDocSendById', { id: doc.sendId })).status).toBe(403);
    expect((await s.post(lina, '/set/doc/insertDocTemplate', { templateName: 'x' })).status).toBe(403);
    expect((await byId(doc.sendId)).status).toBe('draft');
  });
});
