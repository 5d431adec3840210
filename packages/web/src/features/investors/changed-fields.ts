/**
 * The edit dialogs send the changed fields only (investor-and-admin §7): the fields whose new
 * value differs from the record's, an empty optional field counting as null.
 */
export function changedFields<K extends string>(
  current: Readonly<Partial<Record<K, unknown>>>,
  values: Readonly<Partial<Record<K, unknown>>>,
  fields: readonly K[],
): Partial<Record<K, unknown>> {
  const changes: Partial<Record<K, unknown>> = {};
  for (const field of fields) {
    const next = values[field] ?? null;
    if (next !== (current[field] ?? null)) changes[field] = next;
  }
  return changes;
}
