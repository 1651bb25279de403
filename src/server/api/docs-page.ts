/**
 * Renders the OpenAPI document as a self-contained HTML reference (no CDN: the app must work
 * offline, and the CSP allows no foreign scripts).
 */
type Schema = Record<string, unknown>;
type Operation = {
  summary?: string;
  tags?: string[];
  parameters?: { name: string; in: string; required?: boolean; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Schema }> }>;
};
type OpenApiLike = { info: { title: string; description?: string; version: string }; paths?: object };

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

const json = (value: unknown) => `<pre>${escapeHtml(JSON.stringify(value, null, 2))}</pre>`;

function renderOperation(path: string, method: string, operation: Operation): string {
  const parameters = operation.parameters ?? [];
  const body = operation.requestBody?.content?.["application/json"]?.schema;
  const ok = operation.responses?.["200"]?.content?.["application/json"]?.schema;
  const errors = Object.keys(operation.responses ?? {}).filter((status) => status !== "200");
  return `<section class="op" id="${escapeHtml(`${method}-${path}`)}">
  <h3><span class="method ${method}">${method.toUpperCase()}</span> <code>/api${escapeHtml(path)}</code></h3>
  ${operation.summary ? `<p>${escapeHtml(operation.summary)}</p>` : ""}
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
  ${errors.length ? `<p class="errors">Errors: ${errors.map(escapeHtml).join(", ")} — body <code>{ "message": string, "code": string }</code></p>` : ""}
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
${document.info.description ? `<p>${escapeHtml(document.info.description)}</p>` : ""}
<p>Machine-readable document: <a href="/api/openapi.json">/api/openapi.json</a>. Mutations need <code>Content-Type: application/json</code> and a same-site origin.</p>
<nav aria-label="Endpoints"><ul>${toc}</ul></nav>
${operations.map(({ path, method, operation }) => renderOperation(path, method, operation)).join("\n")}
</main></body></html>`;
}
