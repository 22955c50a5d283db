export * from './csv';
export * from './pdf';
export * from './summary';
export * from './texts';
export * from './manvSummary';
