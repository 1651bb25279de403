/**
 * Renders the OpenAPI document as a self-contained HTML reference (no CDN: the app must work
 * offline, and the CSP allows no foreign scripts).
 */
type Schema = Record<string, unknown>;
type Operation = {
  summary?: string;
  description?: string;
  security?: Record<string, string[]>[];
  tags?: string[];
  parameters?: { name: string; in: string; required?: boolean; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Schema }> }>;
};
type SecurityScheme = { type: string; in?: string; name?: string; scheme?: string; description?: string };
type OpenApiLike = {
  info: { title: string; description?: string; version: string };
  paths?: object;
  components?: { securitySchemes?: Record<string, object>; schemas?: Record<string, unknown> };
};

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

const json = (value: unknown) => `<pre>${escapeHtml(JSON.stringify(value, null, 2))}</pre>`;

/** The little Markdown the document's own texts use: paragraphs, "- " lists, **bold** and `code`. */
function renderText(text: string): string {
  const inline = (line: string) =>
    escapeHtml(line)
      .replace(/`([^`]+)`/g, "<code>$1</code>")
      .replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>");
  return text
    .split(/\n{2,}/)
    .map((block) => {
      const [first, ...rest] = block.split(/\n(?=- )/);
      const items = block.trimStart().startsWith("- ") ? [first!, ...rest] : rest;
      const lead = block.trimStart().startsWith("- ") ? "" : `<p>${inline(first!)}</p>`;
      return lead + (items.length ? `<ul>${items.map((item) => `<li>${inline(item.replace(/^- /, ""))}</li>`).join("")}</ul>` : "");
    })
    .join("\n");
}

function renderSecurity(schemes: Record<string, object>): string {
  const rows = Object.entries(schemes as Record<string, SecurityScheme>).map(([name, scheme]) => {
    const how =
      scheme.type === "http"
        ? `<code>Authorization: ${escapeHtml(scheme.scheme === "bearer" ? "Bearer <token>" : String(scheme.scheme))}</code>`
        : `${escapeHtml(scheme.in ?? "")} <code>${escapeHtml(scheme.name ?? "")}</code>`;
    return `<li><strong>${escapeHtml(name)}</strong>: ${how}. ${scheme.description ? inlineText(scheme.description) : ""}</li>`;
  });
  return `<section id="signing-in"><h2>Signing in</h2><ul>${rows.join("")}</ul></section>`;
}

const inlineText = (text: string) => renderText(text).replace(/^<p>|<\/p>$/g, "");

function renderOperation(path: string, method: string, operation: Operation): string {
  const parameters = operation.parameters ?? [];
  const body = operation.requestBody?.content?.["application/json"]?.schema;
  const ok = operation.responses?.["200"]?.content?.["application/json"]?.schema;
  const errors = Object.entries(operation.responses ?? {}).filter(([status]) => !status.startsWith("2"));
  const signIn = operation.security?.length
    ? `Signed in: ${operation.security.map((entry) => Object.keys(entry).join(" + ")).join(" or ")}.`
    : "No sign-in needed.";
  return `<section class="op" id="${escapeHtml(`${method}-${path}`)}">
  <h3><span class="method ${method}">${method.toUpperCase()}</span> <code>/api${escapeHtml(path)}</code></h3>
  ${operation.summary ? `<p>${escapeHtml(operation.summary)}</p>` : ""}
  ${operation.description ? `<p>${escapeHtml(operation.description)}</p>` : ""}
  <p class="auth">${signIn}</p>
  ${
    parameters.length
      ? `<h4>Parameters</h4><ul>${parameters
          .map(
            (p) =>
              `<li><code>${escapeHtml(p.name)}</code> (${escapeHtml(p.in)}${p.required ? ", required" : ""}) ${p.schema ? `<code>${escapeHtml(JSON.stringify(p.schema))}</code>` : ""}</li>`,
          )
          .join("")}</ul>`
      : ""
  }
  ${body ? `<h4>Request body (application/json)</h4>${json(body)}` : ""}
  ${ok ? `<h4>200 response</h4>${json(ok)}` : ""}
  ${
    errors.length
      ? `<h4>Errors (body: <a href="#error-body">Error</a>)</h4><ul class="errors">${errors
          .map(([status, response]) => `<li><code>${escapeHtml(status)}</code> ${escapeHtml(response.description ?? "")}</li>`)
          .join("")}</ul>`
      : ""
  }
</section>`;
}

export function renderApiDocs(document: OpenApiLike): string {
  const paths = (document.paths ?? {}) as Record<string, Record<string, Operation>>;
  const operations = Object.entries(paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ path, method, operation })));
  const toc = operations
    .map(({ path, method }) => `<li><a href="#${escapeHtml(`${method}-${path}`)}">${method.toUpperCase()} /api${escapeHtml(path)}</a></li>`)
    .join("");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(document.info.title)} reference</title>
<style>
body{font-family:system-ui,sans-serif;max-width:960px;margin:0 auto;padding:2rem 1rem;color:#111;background:#fff;line-height:1.5}
pre{background:#f4f4f5;padding:.75rem;border-radius:6px;overflow:auto;font-size:.85rem}
.op{border-top:1px solid #e4e4e7;padding-top:1rem;margin-top:1rem}
.method{display:inline-block;min-width:4.5rem;text-align:center;border-radius:4px;color:#fff;font-size:.8rem;padding:.1rem .4rem}
.get{background:#1d4ed8}.post{background:#15803d}.put,.patch{background:#a16207}.delete{background:#b91c1c}
.errors{color:#52525b;font-size:.9rem}
</style></head>
<body><main>
<h1>${escapeHtml(document.info.title)} <small>v${escapeHtml(document.info.version)}</small></h1>
${document.info.description ? renderText(document.info.description) : ""}
<p>Machine-readable document: <a href="/api/openapi.json">/api/openapi.json</a>.</p>
${renderSecurity(document.components?.securitySchemes ?? {})}
<section id="error-body"><h2>The error body</h2>${json(document.components?.schemas?.Error ?? {})}</section>
<nav aria-label="Endpoints"><ul>${toc}</ul></nav>
${operations.map(({ path, method, operation }) => renderOperation(path, method, operation)).join("\n")}
</main></body></html>`;
}
