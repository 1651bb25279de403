import type { ComponentProps } from "react";

import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

type FormFieldProps = Omit<ComponentProps<typeof Input>, "id"> & { id: string; label: string; error?: string };

/** A labelled input whose error, when present, is announced with it. */
export function FormField({ id, label, error, ...inputProps }: FormFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} {...inputProps} />
      {error ? (
        <p id={errorId} className="text-sm font-medium text-destructive dark:text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}
