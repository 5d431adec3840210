export { codeMatches, hashCode, newNumericCode } from './codes';
export { hashPassword, verifyPassword } from './passwords';
export { sessionRoutes } from './session.routes';
