export * from './passwords';
export * from './random';
export * from './orgKeys';
export * from './atRest';
