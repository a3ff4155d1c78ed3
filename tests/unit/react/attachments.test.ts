import { describe, expect, it } from 'vitest';
import { acceptAttribute, checkUpload } from '../../../runtime/react/attachments/uploadRules';
import { alreadyShown, failureMessage, fieldErrorsOf } from '../../../runtime/react/data/requestFailure';

const MB = 1024 * 1024;

describe('upload rules', () => {
  it('accepts the spec\'s extension groups up to 100 MB', () => {
    expect(checkUpload({ name: '合同.DOCX', size: 10 }, 'attachment')).toBeNull();
    expect(checkUpload({ name: 'a.ofd', size: 100 * MB }, 'attachment')).toBeNull();
    expect(checkUpload({ name: 'a.pdf', size: 100 * MB + 1 }, 'attachment')).toEqual({ reason: 'tooLarge', limitMb: 100 });
    expect(checkUpload({ name: 'run.exe', size: 1 }, 'attachment')).toEqual({ reason: 'badType', extension: 'exe' });
    expect(checkUpload({ name: 'noextension', size: 1 }, 'attachment')).toEqual({ reason: 'badType', extension: '' });
  });

  it('takes only gif, jpeg and png as images, by name and by type', () => {
    expect(checkUpload({ name: 'a.png', size: 1, type: 'image/png' }, 'image')).toBeNull();
    expect(checkUpload({ name: 'a.jpeg', size: 1 }, 'image')).toBeNull();
    expect(checkUpload({ name: 'a.webp', size: 1, type: 'image/webp' }, 'image')).toEqual({ reason: 'notImage' });
    expect(checkUpload({ name: 'a.png', size: 1, type: 'application/pdf' }, 'image')).toEqual({ reason: 'notImage' });
  });

  it('offers only allowed files in the chooser', () => {
    expect(acceptAttribute('image').split(',').sort()).toEqual(['.gif', '.jpeg', '.jpg', '.png']);
    expect(acceptAttribute('attachment')).toContain('.xlsx');
  });
});

describe('request failures', () => {
  it('reads the field errors of a code-100 refusal from the envelope body', () => {
    const error = Object.assign(new Error('校验失败'), {
      code: 100, shown: false, body: { code: 100, message: '校验失败', data: { errors: [{ field: 'title', message: '字段值不可为空' }, { bad: 1 }] } },
    });
    expect(fieldErrorsOf(error)).toEqual([{ field: 'title', message: '字段值不可为空' }]);
    expect(failureMessage(error, 'fallback')).toBe('校验失败');
    expect(alreadyShown(error)).toBe(false);
  });

  it('falls back for anything else', () => {
    expect(fieldErrorsOf(new Error('x'))).toEqual([]);
    expect(failureMessage('boom', 'fallback')).toBe('fallback');
    expect(alreadyShown({ shown: true })).toBe(true);
  });
});
