// The History tab's contract and how an audit record reads for people.
export * from './history.contract';
export * from './history-changes';
