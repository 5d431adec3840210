import type { FieldValues, Path, UseFormRegister } from 'react-hook-form';

/**
 * react-hook-form's register() for a Material UI field: its ref goes to the <input> (inputRef),
 * not to the field's outer box, so that reset() clears what is shown and errors can focus it.
 */
export function fieldProps<T extends FieldValues>(register: UseFormRegister<T>, name: Path<T>) {
  const { ref, ...rest } = register(name);
  return { ...rest, inputRef: ref };
}
