import { createContext, useContext, type ReactNode } from 'react';
import { DEFAULT_OFFICE_VIEWER_CONFIG, type OfficeViewerConfig } from '../../core/office';
import { isPcUserAgent } from './attachmentActions';

/** What attachment menus need from the deployment: the office viewer settings and the kind of device. */
export interface AttachmentSettings {
  officeViewer: OfficeViewerConfig;
  isPc: boolean;
}

const defaultSettings: AttachmentSettings = {
  officeViewer: DEFAULT_OFFICE_VIEWER_CONFIG,
  isPc: typeof navigator === 'undefined' ? true : isPcUserAgent(navigator.userAgent),
};

const AttachmentSettingsContext = createContext<AttachmentSettings>(defaultSettings);

/** Given by the shell (from its configuration: ATTACH_HOST, OFFICE_TYPE, …). */
export function AttachmentSettingsProvider({ value, children }: { value: Partial<AttachmentSettings>; children: ReactNode }) {
  return (
    <AttachmentSettingsContext.Provider value={{ ...defaultSettings, ...value }}>
      {children}
    </AttachmentSettingsContext.Provider>
  );
}

export function useAttachmentSettings(): AttachmentSettings {
  return useContext(AttachmentSettingsContext);
}
