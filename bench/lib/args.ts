/** The value after `--name` on the command line (`--seconds 30` → "30"), or undefined. */
export function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
}
