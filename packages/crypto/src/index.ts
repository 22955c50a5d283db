export * from './passwords';
export * from './random';
