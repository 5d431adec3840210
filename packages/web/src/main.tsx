// first: zod's settings apply to schemas built after them
import './app/zod-config';
// next: the start-up requests (session, health, the route's code and data) leave as this small
// entry runs, while the app's own chunk (React DOM, Material UI, the shell) is still arriving
import { routeStarted } from './app/start-up';

// the app's chunk runs once the first screen's data requests have left (its evaluation would hold
// them back otherwise: it is the longest piece of script the page runs)
void routeStarted.then(() => import('./app/render-app'));
