// Jobs (DESIGN §1 "long work"): the calls that read a job and download its result.
export { jobRoutes } from './jobs.routes';
