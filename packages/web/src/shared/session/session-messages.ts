// The session texts live in packages/domain beside the zod schemas of the session bodies. They
// are only needed when a session ends, so they load on demand and zod stays out of the first chunk.
export { sessionMessages } from '@lm/domain';
