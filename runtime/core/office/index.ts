export * from './previewPath';
export * from './officeViewerLink';
