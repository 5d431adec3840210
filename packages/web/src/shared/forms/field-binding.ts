import type { ReactNode } from 'react';
import type { FieldPath, FieldValues, UseControllerProps } from 'react-hook-form';

/**
 * What every field of the form kit takes: the form's control and the field's name (react-hook-form
 * binds value, blur, ref and the schema's error message), a label, and a hint shown while the
 * field has no error.
 */
export type BoundFieldProps<T extends FieldValues, N extends FieldPath<T>, O> = Required<
  Pick<UseControllerProps<T, N, O>, 'control' | 'name'>
> & {
  label: string;
  /** Shown under the field while it has no error (a blank line keeps the layout still). */
  hint?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
};

/** The helper line: the schema's message, else the hint, else a blank line. */
export function helperLine(error: { message?: string } | undefined, hint: ReactNode | undefined): ReactNode {
  return error?.message ?? hint ?? ' ';
}
