/**
 * The look of every form field (Input, Textarea, Select): border, focus ring, disabled and
 * invalid states. Height, width and horizontal padding are left to each field.
 */
export const FIELD_CLASS =
  "flex rounded-md border border-input bg-background py-2 text-sm placeholder:text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-60 aria-[invalid=true]:border-destructive";
