/** The fields of a body that are listed and present: the changes of a "changed fields only" edit. */
export function pickDefined<T extends object, K extends keyof T>(body: T, fields: readonly K[]): Partial<Pick<T, K>> {
  const picked: Partial<Pick<T, K>> = {};
  for (const field of fields) {
    if (body[field] !== undefined) picked[field] = body[field];
  }
  return picked;
}
