export * from './statisticsType';
