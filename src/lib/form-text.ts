/** A text field of a submitted form: its value, or "" when it is missing or a file. */
export function formText(form: FormData, field: string): string {
  const value = form.get(field);
  return typeof value === "string" ? value : "";
}
