import {
  DownloadOutlined, FileExcelOutlined, FileImageOutlined, FileOutlined, FilePdfOutlined, FilePptOutlined,
  FileTextOutlined, FileWordOutlined, PlayCircleOutlined, PrinterOutlined,
} from '@ant-design/icons';
import { Button, Result, Spin, Tooltip } from 'antd';
import { Component, Suspense, useCallback, useEffect, useRef, useState, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { OPEN_MODE_TYPES, normaliseExtName, parseOpenModeType, type PreviewRouteKind } from '../../../runtime/core/office';
import { request } from '../../request';
import { saveBlob } from '../../request/saveBlob';
import { lazyPage } from '../../router/lazyPage';
import { loginUrl } from '../../router/loginUrl';
import { useSessionStore } from '../../session/sessionStore';
import { FILE_DOWNLOAD_CALL, PreviewFetchError, fetchAttachment, readBlobAsArrayBuffer, type LoadedAttachment } from './fetchAttachment';
import { formatFileSize } from './fileSize';
import { rendererFor, rendererForRoute, type RendererKind } from './previewKinds';
import type { RendererProps } from './rendererProps';
import { UnsupportedPreview } from './UnsupportedPreview';
import styles from './preview.module.css';

// Each format's code (pdf.js, docx-preview, exceljs, jszip) arrives only when such a file is opened.
const RENDERERS: Record<Exclude<RendererKind, 'unsupported'>, ReturnType<typeof lazyPage<RendererProps>>> = {
  pdf: lazyPage(() => import('./pdf/PdfPreview').then((m) => m.PdfPreview)),
  word: lazyPage(() => import('./word/WordPreview').then((m) => m.WordPreview)),
  excel: lazyPage(() => import('./excel/ExcelPreview').then((m) => m.ExcelPreview)),
  ppt: lazyPage(() => import('./ppt/PptPreview').then((m) => m.PptPreview)),
  ofd: lazyPage(() => import('./ofd/OfdPreview').then((m) => m.OfdPreview)),
  image: lazyPage(() => import('./image/ImagePreview').then((m) => m.ImagePreview)),
  media: lazyPage(() => import('./image/MediaPreview').then((m) => m.MediaPreview)),
  text: lazyPage(() => import('./text/TextPreview').then((m) => m.TextPreview)),
};

const ICONS: Record<RendererKind, ReactNode> = {
  pdf: <FilePdfOutlined />, word: <FileWordOutlined />, excel: <FileExcelOutlined />, ppt: <FilePptOutlined />,
  ofd: <FileTextOutlined />, image: <FileImageOutlined />, media: <PlayCircleOutlined />, text: <FileTextOutlined />, unsupported: <FileOutlined />,
};

type LoadState =
  | { status: 'loading'; percent?: number }
  | { status: 'failed'; error: PreviewFetchError }
  | { status: 'ready'; file: LoadedAttachment; data: ArrayBuffer };

/** Turns a render-time exception of a renderer into the page's "cannot be previewed" state. */
class RendererBoundary extends Component<{ onFailure(error: unknown): void; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: Error, _info: ErrorInfo) {
    this.props.onFailure(error);
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}

export interface PreviewPageProps {
  /** The route's format (`/file/preview/pdf` → 'pdf'; '' for `/file/preview`). */
  route: PreviewRouteKind;
  /** The touch-friendly variant of /app/file/preview. */
  mobile?: boolean;
}

/**
 * The page every preview route shows: the file's name and size, a download button (and print on
 * PC), then the format's renderer. The renderer is chosen by the file's extension (the stored
 * one, else the link's), the route only standing in when the link has none. Loading, a failed
 * fetch (with the server's message) and an unreadable file each have their own state; the page
 * is never left blank.
 */
export function PreviewPage({ route, mobile = false }: PreviewPageProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const attachId = (params.get('attachId') ?? '').trim();
  const linkExt = normaliseExtName(params.get('extName'));
  const printMode = parseOpenModeType(params.get('openModeType')) === OPEN_MODE_TYPES.print;
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [failure, setFailure] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  const printed = useRef(false);

  useEffect(() => {
    if (!attachId) return undefined;
    let live = true;
    setState({ status: 'loading' });
    setFailure(null);
    fetchAttachment(attachId, linkExt, (percent) => { if (live) setState({ status: 'loading', percent }); })
      .then(async (file) => {
        const data = await readBlobAsArrayBuffer(file.blob);
        if (live) setState({ status: 'ready', file, data });
      })
      .catch((error: unknown) => {
        if (!live) return;
        setState({ status: 'failed', error: error instanceof PreviewFetchError ? error : new PreviewFetchError(error instanceof Error ? error.message : String(error), undefined) });
      });
    return () => { live = false; };
  }, [attachId, linkExt, attempt]);

  const file = state.status === 'ready' ? state.file : undefined;
  const ext = normaliseExtName(file?.facts.extName || linkExt);
  const kind: RendererKind = ext ? rendererFor(ext) : rendererForRoute(route);
  const name = file?.facts.name ?? '';

  useEffect(() => {
    document.title = name ? `${name} - ${t('preview.title')}` : t('preview.title');
  }, [name, t]);

  const download = useCallback(() => {
    if (file) saveBlob(file.blob, file.facts.name);
    else void request.download(FILE_DOWNLOAD_CALL, { attachId, extName: linkExt }).catch(() => undefined);
  }, [file, attachId, linkExt]);

  const onReady = useCallback(() => {
    if (!printMode || printed.current) return;
    printed.current = true;
    // Leave the browser a frame to lay the content out before the print dialog takes it.
    setTimeout(() => window.print(), 300);
  }, [printMode]);

  const onFailure = useCallback((error: unknown) => {
    if (typeof console !== 'undefined') console.warn('preview failed', error);
    setFailure(error ?? new Error('unreadable'));
  }, []);

  const relogin = () => {
    useSessionStore.getState().clear();
    window.location.assign(loginUrl(window.location.pathname + window.location.search));
  };

  const downloadButton = (primary = false) => (
    <Button type={primary ? 'primary' : 'default'} icon={<DownloadOutlined />} onClick={download} data-testid="preview-download" size={mobile ? 'large' : 'middle'}>
      {mobile && !primary ? null : t('preview.download')}
    </Button>
  );

  let body: ReactNode;
  if (!attachId) {
    body = <div className={styles.center}><Result status="warning" title={t('preview.loadFailed')} subTitle={t('preview.missingId')} data-testid="preview-error" /></div>;
  } else if (state.status === 'loading') {
    body = (
      <div className={styles.center} data-testid="preview-loading">
        <Spin size="large" tip={state.percent !== undefined ? t('preview.loadingProgress', { percent: state.percent }) : t('preview.loading')}>
          <div style={{ padding: 64 }} />
        </Spin>
      </div>
    );
  } else if (state.status === 'failed') {
    const { status, message } = state.error;
    const resultStatus = status === 403 ? '403' : status === 404 ? '404' : 'error';
    body = (
      <div className={styles.center}>
        <Result
          status={resultStatus}
          title={t('preview.loadFailed')}
          subTitle={<span data-testid="preview-error-message">{message}</span>}
          data-testid="preview-error"
          extra={status === 401
            ? <Button type="primary" onClick={relogin}>{t('preview.relogin')}</Button>
            : status === 403 || status === 404 ? null : <Button onClick={() => setAttempt((n) => n + 1)}>{t('preview.retry')}</Button>}
        />
      </div>
    );
  } else if (failure !== null || kind === 'unsupported') {
    body = <UnsupportedPreview facts={state.file.facts} reason={failure !== null ? 'unreadable' : 'unsupported'} error={failure} download={downloadButton(true)} mobile={mobile} data={state.data} />;
  } else {
    const Renderer = RENDERERS[kind];
    body = (
      <RendererBoundary key={`${attachId}:${attempt}`} onFailure={onFailure}>
        <Suspense fallback={<div className={styles.center}><Spin size="large" tip={t('preview.rendering')}><div style={{ padding: 64 }} /></Spin></div>}>
          <Renderer data={state.data} blob={state.file.blob} facts={state.file.facts} mobile={mobile} printMode={printMode} onReady={onReady} onFailure={onFailure} />
        </Suspense>
      </RendererBoundary>
    );
  }

  return (
    <div className={`${styles.page} ${mobile ? styles.mobile : ''}`} data-testid="preview-page" data-renderer={state.status === 'ready' ? (failure !== null ? 'unreadable' : kind) : state.status}>
      <header className={styles.header}>
        <span className={styles.fileIcon}>{ICONS[kind]}</span>
        <div className={styles.fileName} title={name} data-testid="preview-file-name">
          {name || t('preview.title')}
          {file?.facts.fileSize !== undefined && !mobile ? <span className={styles.fileSize}>{formatFileSize(file.facts.fileSize)}</span> : null}
        </div>
        <div className={styles.actions}>
          {!mobile && state.status === 'ready' && failure === null && kind !== 'unsupported' && kind !== 'media' ? (
            <Tooltip title={t('preview.print')}>
              <Button icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="preview-print" aria-label={t('preview.print')} />
            </Tooltip>
          ) : null}
          {attachId && state.status !== 'failed' ? downloadButton() : null}
        </div>
      </header>
      <main className={styles.body}>{body}</main>
    </div>
  );
}
