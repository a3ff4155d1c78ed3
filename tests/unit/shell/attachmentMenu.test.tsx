// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AttachmentList } from '../../../runtime/react/attachments/AttachmentList';
import { AttachmentSettingsProvider } from '../../../runtime/react/attachments/AttachmentSettings';
import { fakeServices, installMatchMedia, renderWithRuntime } from '../react/renderWithRuntime';

const files = [
  { attachId: 'a-doc', name: '发文稿.docx', extName: 'docx' },
  { attachId: 'a-pdf', name: '附件.pdf', extName: 'pdf' },
];
const services = () => fakeServices((url) => (url === '/get/file/getAttachList' ? files : []), []);

describe('attachment list menu by roleFlag', () => {
  beforeAll(installMatchMedia);
  afterEach(cleanup);

  it('details (3): preview and download only', async () => {
    renderWithRuntime(<AttachmentList attachIds={['a-doc', 'a-pdf']} onDelete={vi.fn()} />, services());
    await screen.findByTestId('attachment-preview-a-doc');
    expect(screen.getByTestId('attachment-download-a-pdf')).toBeTruthy();
    expect(screen.queryByTestId('attachment-delete-a-doc')).toBeNull();
    expect(screen.queryByTestId('attachment-redheader-a-doc')).toBeNull();
  });

  it('4: delete after a confirmation', async () => {
    const onDelete = vi.fn();
    renderWithRuntime(<AttachmentList attachIds={['a-doc', 'a-pdf']} roleFlag={4} onDelete={onDelete} />, services());
    fireEvent.click(await screen.findByTestId('attachment-delete-a-pdf'));
    expect(onDelete).not.toHaveBeenCalled();
    const ok = await screen.findByRole('button', { name: /确\s*定|runtime.action.confirm/ });
    fireEvent.click(ok);
    await waitFor(() => expect(onDelete).toHaveBeenCalledWith('a-pdf'));
  });

  it('5 on a PC: the red-header option for the Word file only, opening the office host in mode 5', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    renderWithRuntime(
      <AttachmentSettingsProvider value={{ isPc: true, officeViewer: { attachHost: 'https://office.example.cn', officeType: 'office', ofdType: 'builtin', openOnLineFlag: true } }}>
        <AttachmentList attachIds={['a-doc', 'a-pdf']} roleFlag={5} onDelete={vi.fn()} />
      </AttachmentSettingsProvider>,
      services(),
    );
    fireEvent.click(await screen.findByTestId('attachment-redheader-a-doc'));
    expect(screen.queryByTestId('attachment-redheader-a-pdf')).toBeNull();
    expect(open).toHaveBeenCalledWith(expect.stringMatching(/^https:\/\/office\.example\.cn\/office\/openRedHeadWord\?.*openModeType=5/), '_blank', 'noopener');
    fireEvent.click(screen.getByTestId('attachment-preview-a-pdf'));
    expect(open).toHaveBeenLastCalledWith(expect.stringMatching(/openModeType=1/), '_blank', 'noopener');
    open.mockRestore();
  });

  it('5 without an office host: red header shown disabled; previews open the built-in preview with ddtab=true', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    renderWithRuntime(
      <AttachmentSettingsProvider value={{ isPc: true }}>
        <AttachmentList attachIds={['a-doc']} roleFlag={5} />
      </AttachmentSettingsProvider>,
      services(),
    );
    const redHeader = (await screen.findByTestId('attachment-redheader-a-doc')) as HTMLButtonElement;
    expect(redHeader.disabled).toBe(true);
    fireEvent.click(screen.getByTestId('attachment-preview-a-doc'));
    expect(open).toHaveBeenCalledWith('/file/preview/word?attachId=a-doc&extName=docx&ddtab=true', '_blank', 'noopener');
    open.mockRestore();
  });

  it('5 on a phone: no red-header option', async () => {
    renderWithRuntime(
      <AttachmentSettingsProvider value={{ isPc: false }}>
        <AttachmentList attachIds={['a-doc']} roleFlag={5} />
      </AttachmentSettingsProvider>,
      services(),
    );
    await screen.findByTestId('attachment-preview-a-doc');
    expect(screen.queryByTestId('attachment-redheader-a-doc')).toBeNull();
  });
});
