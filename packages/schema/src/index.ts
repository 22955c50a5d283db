export * from './zodConfig';
export * from './errors';
export * from './user';
export * from './auth';
export * from './validation';
