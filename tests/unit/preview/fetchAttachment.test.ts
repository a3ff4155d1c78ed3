// @vitest-environment jsdom
import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { beforeEach, describe, expect, it } from 'vitest';
import { decryptValue } from '../../../runtime/core/crypto';
import { setEncryptionState } from '../../../src/request/encryption';
import { httpClient } from '../../../src/request/httpClient';
import { PreviewFetchError, fetchAttachment, readBlobAsArrayBuffer } from '../../../src/pages/preview/fetchAttachment';

const KEY = '0123456789abcdef0123456789abcdef';
let seen: InternalAxiosRequestConfig[] = [];

function respond(config: InternalAxiosRequestConfig, data: unknown, headers: Record<string, string> = {}, status = 200) {
  return { status, statusText: 'OK', headers, config, request: {}, data };
}

const facts = { attachId: 'f1', name: '合同.pdf', extName: 'pdf', fileSize: 4 };

function adapterFor(file: (config: InternalAxiosRequestConfig) => ReturnType<AxiosAdapter>): AxiosAdapter {
  return async (config) => {
    seen.push(config);
    if (config.url === '/get/file/getAttachList') return respond(config, { code: 200, message: '', data: [facts] });
    if (config.url === '/get/file/getFileDown') return file(config);
    return respond(config, { code: 200, message: '', data: null });
  };
}

describe('fetching a file to preview', () => {
  beforeEach(() => {
    seen = [];
    setEncryptionState({ type: 0, key: null });
  });

  it('gives the stored name and size with the bytes, without saving anything', async () => {
    httpClient.defaults.adapter = adapterFor(async (config) => respond(config, new Blob(['%PDF']), { 'content-type': 'application/octet-stream' }));
    const loaded = await fetchAttachment('f1', 'pdf');
    expect(loaded.facts).toEqual(facts);
    expect(new TextDecoder().decode(await readBlobAsArrayBuffer(loaded.blob))).toBe('%PDF');
    const fileCall = seen.find((c) => c.url === '/get/file/getFileDown')!;
    expect(fileCall.params).toMatchObject({ attachId: 'f1', extName: 'pdf' });
    expect(fileCall.responseType).toBe('blob');
  });

  it('rejects with the server\'s message and status', async () => {
    httpClient.defaults.adapter = adapterFor(async (config) => {
      const body = new Blob([JSON.stringify({ code: 403, message: '无权查看此附件', data: null })], { type: 'application/json' });
      throw new AxiosError('forbidden', 'ERR_BAD_REQUEST', config, {}, respond(config, body, { 'content-type': 'application/json' }, 403));
    });
    const error = await fetchAttachment('f1', 'pdf').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PreviewFetchError);
    expect(error).toMatchObject({ status: 403, message: '无权查看此附件' });
  });

  it('takes a JSON refusal answered with HTTP 200 as a failure', async () => {
    httpClient.defaults.adapter = adapterFor(async (config) => respond(config, new Blob([JSON.stringify({ code: 404, message: '附件不存在', data: null })]), { 'content-type': 'application/json' }));
    await expect(fetchAttachment('f1', 'pdf')).rejects.toMatchObject({ status: 404, message: '附件不存在' });
  });

  it('seals the query in SM4 mode like every other call', async () => {
    setEncryptionState({ type: 1, key: KEY });
    httpClient.defaults.adapter = adapterFor(async (config) => respond(config, new Blob(['x'])));
    await fetchAttachment('f1', 'pdf').catch(() => undefined);
    const fileCall = seen.find((c) => c.url === '/get/file/getFileDown')!;
    expect(fileCall.params.attachId).not.toBe('f1');
    expect(decryptValue(fileCall.params.attachId, KEY)).toBe('f1');
    expect(fileCall.headers.get('x-encrypted')).toBe('sm4');
  });
});
