import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as domain from '../index';
import { routeRefsFile, routeRefsSource } from './route-refs-source';

// `npm run routes -w @lm/domain`: rewrites src/routes/index.ts from the contracts.
const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const target = path.join(packageDir, routeRefsFile);
writeFileSync(target, routeRefsSource(domain));
console.log(`route references: ${path.relative(process.cwd(), target)}`);
