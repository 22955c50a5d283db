export * from './materialUsageReport';
export * from './fhir';
export * from './eventReport';
export * from './manvPersonList';
