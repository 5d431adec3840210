// The demo seed (DESIGN §1 "demo users"): what the server's start, the tests and the benchmarks use.
export { demoPassword, demoUsers, seedDemoUsers } from './demo-users';
export { seedDemoBook, seedIfEmpty } from './seed';
