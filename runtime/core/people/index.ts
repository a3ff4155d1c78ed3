export * from './pickerGroups';
