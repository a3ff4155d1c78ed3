/** Every constant of spec/shell.md §9 (and the few of §1, §3–§6 the code relies on), typed, in one module. */
export * from './uploadRules';
export * from './table';
export * from './dialog';
export * from './session';
export * from './timing';
export * from './geo';
export * from './branding';
export * from './attachmentRoles';
export * from './statistics';
export * from './archiveLimits';
export * from './importLimits';
