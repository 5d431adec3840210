export * from './neutralise';
