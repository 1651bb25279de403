import type { Nodes, PhrasingContent, Root, Text } from "mdast";

import { formatTimestamp, parseTimestampCitations } from "~/lib/timestamps";

/**
 * The pure rules behind ChatMarkdown: which link targets are allowed, and how timestamp
 * citations in a tutor reply become links (a remark plugin over the Markdown tree).
 */

const SAFE_PROTOCOLS = new Set(["http:", "https:", "mailto:"]);

/** Whether a link target in model output may become a clickable link: absolute http(s) or mailto only. */
export function isSafeHref(url: string | undefined | null): url is string {
  if (!url) return false;
  try {
    return SAFE_PROTOCOLS.has(new URL(url).protocol);
  } catch {
    return false; // relative or malformed
  }
}

/**
 * Citation links carry their seconds as this hast property (rendered as `data-seconds`). Markdown
 * cannot set attributes and raw HTML is skipped, so only this plugin can produce it: a written
 * `[x](#t=65)` stays an ordinary (unsafe, so unlinked) link.
 */
export const CITATION_PROPERTY = "dataSeconds";

function citationHref(seconds: number): string {
  return `#t=${seconds}`;
}

/** Remark plugin: splits text nodes on [m:ss] / [h:mm:ss] citations into links to `#t=SECONDS`. */
export function remarkTimestampCitations() {
  return (tree: Root) => {
    linkCitations(tree);
  };
}

function linkCitations(node: Nodes): void {
  // Code has no text children, and a link inside a link is invalid, so neither is entered.
  if (!("children" in node) || node.type === "link" || node.type === "linkReference") return;
  const children: Nodes[] = [];
  for (const child of node.children) {
    if (child.type === "text") children.push(...splitText(child));
    else {
      linkCitations(child);
      children.push(child);
    }
  }
  // Only phrasing parents hold text nodes, so the new children are the same kind as the old.
  (node as { children: Nodes[] }).children = children;
}

function splitText(node: Text): PhrasingContent[] {
  const citations = parseTimestampCitations(node.value);
  if (citations.length === 0) return [node];
  const parts: PhrasingContent[] = [];
  let offset = 0;
  for (const { raw, seconds, index } of citations) {
    if (index > offset) parts.push({ type: "text", value: node.value.slice(offset, index) });
    parts.push({
      type: "link",
      url: citationHref(seconds),
      children: [{ type: "text", value: formatTimestamp(seconds) }],
      data: { hProperties: { [CITATION_PROPERTY]: seconds } },
    });
    offset = index + raw.length;
  }
  if (offset < node.value.length) parts.push({ type: "text", value: node.value.slice(offset) });
  return parts;
}
