export * from './zodConfig';
export * from './errors';
export * from './user';
export * from './auth';
export * from './validation';
export * from './organizations';
export * from './materials';
export * from './accessLogs';
