export { codeMatches, hashCode, newNumericCode } from './codes';
export { hashPassword, verifyPassword } from './passwords';
export { type CodePurpose, insertCode, retireCodes } from './session.repository';
export { sessionRoutes } from './session.routes';
