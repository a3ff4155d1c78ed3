export * from './distance';
export * from './divisions';
export * from './weatherAnswer';
export * from './locationAnswer';
export * from './geoAnswers';
