/**
 * A small tRPC panel for developers: every procedure, grouped by router, with a JSON input box
 * and its result. It calls the ordinary /api/trpc endpoint from the browser, so every call runs
 * with the browser's own session and the usual checks. (trpc-ui and trpc-panel require zod 3,
 * which this app does not use.)
 */
export type PanelProcedure = { path: string; type: "query" | "mutation" | "subscription" };
type PanelOptions = { signedInAs: string | null; development: boolean };

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const STYLE = `body{font-family:system-ui,sans-serif;max-width:960px;margin:0 auto;padding:2rem 1rem;color:#111;background:#fff;line-height:1.5}
textarea{width:100%;box-sizing:border-box;font-family:monospace}pre{background:#f4f4f5;padding:.5rem;white-space:pre-wrap;overflow-wrap:anywhere}
.query{color:#1d4ed8}.mutation{color:#15803d}details{margin:.25rem 0}summary{cursor:pointer;padding:.25rem 0}
section{border-top:1px solid #e4e4e7;margin-top:1rem}button{margin-top:.25rem;padding:.35rem .9rem}`;

function renderProcedure({ path, type }: PanelProcedure): string {
  const id = `input-${path.replace(/\W/g, "-")}`;
  return `<details><summary><span class="${type}">${type}</span> <code>${escapeHtml(path)}</code></summary>
<form data-path="${escapeHtml(path)}" data-type="${type}">
<label for="${id}">Input of ${escapeHtml(path)} (JSON)</label><textarea id="${id}" name="input" rows="4">{}</textarea>
<button type="submit">Run ${escapeHtml(path)}</button><pre aria-live="polite" aria-label="Result of ${escapeHtml(path)}"></pre></form></details>`;
}

export function renderPanel(procedures: PanelProcedure[], { signedInAs, development }: PanelOptions): string {
  const byRouter = new Map<string, PanelProcedure[]>();
  for (const procedure of procedures) {
    if (procedure.type === "subscription") continue;
    const router = procedure.path.split(".")[0]!;
    byRouter.set(router, [...(byRouter.get(router) ?? []), procedure]);
  }
  const sections = [...byRouter]
    .map(
      ([router, members]) =>
        `<section aria-labelledby="router-${escapeHtml(router)}"><h2 id="router-${escapeHtml(router)}">${escapeHtml(router)}</h2>
${members.map(renderProcedure).join("\n")}</section>`,
    )
    .join("\n");
  const who = signedInAs ? `Calls run as <strong>${escapeHtml(signedInAs)}</strong>, the learner signed in in this browser.` : "Calls run signed out.";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>tRPC panel</title><style>${STYLE}</style></head>
<body><main><h1>tRPC panel${development ? " (development)" : ""}</h1><p>${who} Inputs are JSON; results are shown as the API sends them.</p>
${sections}</main>
<script>
for (const form of document.querySelectorAll("form")) {
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const out = form.querySelector("pre");
    let input;
    try { input = JSON.parse(form.input.value || "null"); } catch (e) { out.textContent = "Invalid JSON: " + e.message; return; }
    out.textContent = "Running…";
    const url = "/api/trpc/" + form.dataset.path;
    const payload = JSON.stringify({ json: input });
    const res = form.dataset.type === "query"
      ? await fetch(url + "?input=" + encodeURIComponent(payload))
      : await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: payload });
    const text = await res.text();
    let shown = text;
    try { shown = JSON.stringify(JSON.parse(text), null, 2); } catch {}
    out.textContent = res.status + "\\n" + shown;
  });
}
</script></body></html>`;
}

/** What production answers a visitor who is not signed in (the panel acts as a learner, so it needs one). */
export function renderPanelSignIn(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>tRPC panel: sign in</title><style>${STYLE}</style></head>
<body><main><h1>tRPC panel</h1><p>Sign in first: the panel's calls run as the learner signed in in this browser.</p>
<p><a href="/auth">Sign in</a>, then open <a href="/api/panel">/api/panel</a> again.</p></main></body></html>`;
}
