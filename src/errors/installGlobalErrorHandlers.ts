import { getFeedback } from '../feedback/feedback';
import { i18n } from '../i18n/i18n';
import { describeUncaughtError, describeUnhandledRejection, type RuntimeErrorReport } from './describeRuntimeError';

// A failing render loop or timer repeats the same error many times a second; one notice is enough.
const REPEAT_WINDOW_MS = 3000;
let last: { text: string; at: number } | null = null;

function announce(report: RuntimeErrorReport | null): void {
  if (!report) return;
  const title = i18n.t(report.titleKey);
  const description = report.message ?? i18n.t('shell.runtimeError.unknownMessage');
  const text = `${title}\n${description}`;
  const now = Date.now();
  if (last && last.text === text && now - last.at < REPEAT_WINDOW_MS) return;
  last = { text, at: now };
  getFeedback().notification.error({ message: title, description });
}

/** Shows uncaught errors and unhandled rejections as notifications titled by kind (shell spec §8). */
export function installGlobalErrorHandlers(target: Window = window): void {
  target.addEventListener('error', (event: ErrorEvent) => {
    announce(describeUncaughtError(event.error, event.message || null));
  });
  target.addEventListener('unhandledrejection', (event: PromiseRejectionEvent) => {
    announce(describeUnhandledRejection(event.reason));
  });
}
