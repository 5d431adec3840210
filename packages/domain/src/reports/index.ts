// The reports feature's registry and contract (investor-and-admin §2 "Reports", §3 "Report").
export * from './report-registry';
export * from './reports.contract';
