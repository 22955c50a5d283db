export * from './passwords';
export * from './random';
export * from './orgKeys';
export * from './atRest';
export * from './sealing';
export * from './sealedOpener';
export * from './patientDataSealing';
export * from './archiveProof';
