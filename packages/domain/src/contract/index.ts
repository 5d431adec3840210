export * from './envelope';
export * from './inputs';
export * from './list-shape';
export * from './route';
