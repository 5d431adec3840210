export * from './csv-line';
export * from './neutralise';
