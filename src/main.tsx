import 'antd/dist/reset.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { loadShellConfig } from './config/shellConfig';
import { installGlobalErrorHandlers } from './errors/installGlobalErrorHandlers';
import { startStoredLanguage } from './i18n/i18n';

installGlobalErrorHandlers();
// The stored settings apply at once; the server's current ones replace them when they arrive.
void loadShellConfig();

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root"> for the application to mount in');
// An English user's pack arrives first (the Chinese default is bundled and starts at once).
void startStoredLanguage().then(() => createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
));
