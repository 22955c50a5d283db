export * from './materialUsageReport';
export * from './fhir';
