export * from './protocolBundle';
