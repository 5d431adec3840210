// Long work as jobs (DESIGN §1 "long work"): the job calls and their texts.
export * from './jobs.contract';
