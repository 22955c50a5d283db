export * from './materialUsageReport';
export * from './fhir';
export * from './manvPersonList';
