export * from './materialUsageReport';
