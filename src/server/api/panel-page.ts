/**
 * A small tRPC panel for developers: every procedure with a JSON input box and its result.
 * Served only in development (trpc-ui and trpc-panel require zod 3, which this app does not use).
 */
export type PanelProcedure = { path: string; type: "query" | "mutation" | "subscription" };

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export function renderPanel(procedures: PanelProcedure[]): string {
  const rows = procedures
    .filter((procedure) => procedure.type !== "subscription")
    .map(
      ({ path, type }) => `<details><summary><span class="${type}">${type}</span> <code>${escapeHtml(path)}</code></summary>
<form data-path="${escapeHtml(path)}" data-type="${type}">
<label>Input (JSON)<textarea name="input" rows="4">{}</textarea></label>
<button type="submit">Run</button><pre aria-live="polite"></pre></form></details>`,
    )
    .join("\n");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>tRPC panel</title>
<style>body{font-family:system-ui,sans-serif;max-width:960px;margin:0 auto;padding:2rem 1rem}textarea{width:100%;font-family:monospace}
pre{background:#f4f4f5;padding:.5rem;white-space:pre-wrap}.query{color:#1d4ed8}.mutation{color:#15803d}details{margin:.5rem 0}</style></head>
<body><main><h1>tRPC panel (development)</h1><p>Calls run as the signed-in user of this browser.</p>${rows}</main>
<script>
for (const form of document.querySelectorAll("form")) {
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const out = form.querySelector("pre");
    let input;
    try { input = JSON.parse(form.input.value || "null"); } catch (e) { out.textContent = "Invalid JSON: " + e.message; return; }
    const url = "/api/trpc/" + form.dataset.path;
    const payload = JSON.stringify({ json: input });
    const res = form.dataset.type === "query"
      ? await fetch(url + "?input=" + encodeURIComponent(payload))
      : await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: payload });
    out.textContent = res.status + "\\n" + JSON.stringify(await res.json(), null, 2);
  });
}
</script></body></html>`;
}
