/**
 * A path template of the route table, "/api/courses/{id}/chat/stream", as a matcher: the
 * parameters of a pathname it matches, or null. `{name}` is one segment; `{name...}` (last
 * only) is the rest of the path, one segment or more.
 */
export function compilePath(template: string): (pathname: string) => Record<string, string> | null {
  const { pattern, names } = pathPattern(template);
  return (pathname) => {
    const match = pattern.exec(pathname);
    if (!match) return null;
    return Object.fromEntries(names.map((name, index) => [name, decodeSegment(match[index + 1]!)]));
  };
}

/** The template as a regular expression (for a plain yes or no: `pattern.test`) and its parameters' names. */
export function pathPattern(template: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = template
    .split(/(\{\w+(?:\.\.\.)?\})/)
    .map((part) => {
      const parameter = /^\{(\w+)(\.\.\.)?\}$/.exec(part);
      if (!parameter) return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      names.push(parameter[1]!);
      return parameter[2] ? "(.+)" : "([^/]+)";
    })
    .join("");
  return { pattern: new RegExp(`^${source}$`), names };
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
