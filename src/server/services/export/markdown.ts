import type { BlockContent, Code, Definition, Html, Link, List, Nodes, Paragraph, PhrasingContent, Root, RootContent, Text } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { defaultHandlers, type Handle, type Info, type Options, toMarkdown } from "mdast-util-to-markdown";

/**
 * Markdown files written from a syntax tree, so that what a learner (or a model) wrote is shown
 * by GitHub, Obsidian or VS Code as text, never run or fetched.
 *
 * A note is the learner's Markdown: it is parsed (mdast-util-from-markdown, CommonMark) and made
 * inert before it joins the tree: raw HTML becomes text, a link keeps its target only when that is
 * http(s) or mailto (otherwise it is its text), an image becomes a link to it (a remote image in a
 * file is a tracking beacon) or its alt text, reference definitions are resolved under the same
 * rule and dropped, headings read as bold lines. Emphasis, lists, quotes, code and plain links
 * stay. Everything else (titles, card faces, the course's texts) is plain text. The whole tree is
 * then written once by mdast-util-to-markdown, which escapes every character of a text that could
 * start markup where it lands (`<`, `[`, `*`, a `#` opening a line, …), so no text can become
 * HTML, a link, an image or a definition in the file.
 */

const SAFE_PROTOCOLS = new Set(["http:", "https:", "mailto:"]);

/** Whether a link target may stay clickable in an export: absolute http(s) or mailto only (as the app itself renders notes). */
export function isSafeLinkUrl(url: string | null | undefined): url is string {
  // The prefix first: nothing (a space, a control character) may come before the scheme.
  if (!url || !/^(?:https?:\/\/|mailto:)/i.test(url)) return false;
  try {
    return SAFE_PROTOCOLS.has(new URL(url).protocol);
  } catch {
    return false;
  }
}

/**
 * Fenced code whose language makes a viewer render it instead of showing it (GitHub draws
 * mermaid, maps and 3D models; Obsidian's Dataview runs its queries, dataviewjs its JavaScript):
 * exported without the language, so it shows as code.
 */
const RENDERED_CODE_LANGUAGES = new Set(["mermaid", "geojson", "topojson", "stl", "math", "dataview", "dataviewjs", "query", "tasks"]);

const safeLanguage = (lang: string | null | undefined): string | null =>
  lang && /^[\w+#.-]{1,32}$/.test(lang) && !RENDERED_CODE_LANGUAGES.has(lang.toLowerCase()) ? lang : null;

export const text = (value: string): Text => ({ type: "text", value });

/**
 * How deep a note's markup may nest (a quote in a list in a quote, emphasis in a link in
 * emphasis): deeper, a node is its text. Writing nested markup costs more than linear time in
 * its depth (5,000 asterisks around a word nest 2,500 deep: minutes to write).
 */
const MAX_NESTING = 12;

/**
 * A note with more markup characters than this is exported as plain text (all of it, escaped):
 * matching emphasis and link delimiters costs more than linear time in their number. A note
 * written by hand has far fewer.
 */
export const MAX_MARKUP_CHARACTERS = 500;
const MARKUP_CHARACTER = /[*_[\]<>`!\\&~]/g;
/** A line opening more than MAX_NESTING lists or quotes ("1. 1. 1. …"): parsing nested containers costs more than linear time in their depth. */
const DEEP_CONTAINERS = new RegExp(`^(?:[ \\t]*(?:[-+*>]|\\d{1,9}[.)])(?:[ \\t]|$)){${MAX_NESTING + 1}}`, "m");

const BLOCK_TYPES = new Set<string>(["paragraph", "heading", "blockquote", "list", "listItem", "code", "html", "thematicBreak", "definition"]);

/** The text a node holds, markup left out, a line per block (iteratively: a tree may be deep). */
function textOf(root: Nodes): string {
  let out = "";
  const stack: Nodes[] = [root];
  while (stack.length) {
    const node = stack.pop()!;
    if (BLOCK_TYPES.has(node.type) && out && !out.endsWith("\n")) out += "\n";
    if ("value" in node) out += node.value;
    else if (node.type === "image" || node.type === "imageReference") out += node.alt ?? "";
    else if ("children" in node) for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
  return out;
}

type Context = { definitions: Map<string, Definition>; inLink: boolean; depth: number };

const deeper = (context: Context): Context => ({ ...context, depth: context.depth + 1 });

function inertPhrasing(nodes: readonly PhrasingContent[], context: Context): PhrasingContent[] {
  return nodes.flatMap((node): PhrasingContent[] => {
    switch (node.type) {
      case "text":
        return [text(node.value)];
      case "inlineCode":
        return [{ type: "inlineCode", value: node.value }];
      case "break":
        return [{ type: "break" }];
      case "emphasis":
      case "strong":
      case "delete":
        if (context.depth >= MAX_NESTING) return [text(textOf(node))];
        return [{ type: node.type, children: inertPhrasing(node.children, deeper(context)) }];
      case "link":
        if (context.depth >= MAX_NESTING) return [text(textOf(node))];
        return linkOrText(node.url, node.title, node.children, context);
      case "linkReference": {
        if (context.depth >= MAX_NESTING) return [text(textOf(node))];
        const definition = context.definitions.get(node.identifier);
        return linkOrText(definition?.url, definition?.title, node.children, context);
      }
      case "image":
        return imageAsLink(node.url, node.alt, context);
      case "imageReference":
        return imageAsLink(context.definitions.get(node.identifier)?.url, node.alt, context);
      default:
        // Raw HTML, and anything a parser extension could add: its text only.
        return [text(textOf(node))];
    }
  });
}

function linkOrText(url: string | null | undefined, title: string | null | undefined, children: PhrasingContent[], context: Context): PhrasingContent[] {
  if (context.inLink || !isSafeLinkUrl(url)) return inertPhrasing(children, deeper(context));
  return [{ type: "link", url, title: title || null, children: inertPhrasing(children, { ...deeper(context), inLink: true }) }];
}

/** An image is never fetched: a plain link to it (named by its alt text), or its alt text alone. */
function imageAsLink(url: string | null | undefined, alt: string | null | undefined, context: Context): PhrasingContent[] {
  const label = alt?.trim() ?? "";
  if (context.inLink || !isSafeLinkUrl(url)) return label ? [text(label)] : [];
  return [{ type: "link", url, title: null, children: [text(label || url)] }];
}

const paragraph = (children: PhrasingContent[]): Paragraph => ({ type: "paragraph", children });

function inertBlocks(nodes: readonly RootContent[], context: Context): BlockContent[] {
  return nodes.flatMap((node): BlockContent[] => {
    switch (node.type) {
      case "paragraph": {
        const children = inertPhrasing(node.children, context);
        return children.length ? [paragraph(children)] : [];
      }
      case "heading": {
        // As the app shows a note: a heading is a bold line, and the file's own outline stays the file's.
        const children = inertPhrasing(node.children, context);
        return children.length ? [paragraph([{ type: "strong", children }])] : [];
      }
      case "blockquote":
        if (context.depth >= MAX_NESTING) return [paragraph([plainText(textOf(node))])];
        return [{ type: "blockquote", children: inertBlocks(node.children, deeper(context)) }];
      case "list":
        if (context.depth >= MAX_NESTING) return [paragraph([plainText(textOf(node))])];
        return [
          {
            type: "list",
            ordered: node.ordered ?? false,
            start: node.start ?? null,
            spread: node.spread ?? false,
            children: node.children.map((item) => ({
              type: "listItem",
              spread: item.spread ?? false,
              checked: null,
              children: inertBlocks(item.children, deeper(context)),
            })),
          } satisfies List,
        ];
      case "code":
        return [{ type: "code", lang: safeLanguage(node.lang), meta: null, value: node.value } satisfies Code];
      case "thematicBreak":
        return [{ type: "thematicBreak" }];
      case "definition":
        return [];
      default: {
        // Raw HTML blocks, and anything else: their text, as a paragraph.
        const value = textOf(node).trim();
        return value ? [paragraph([text(value)])] : [];
      }
    }
  });
}

/** The definitions of a tree by label (CommonMark: the first of a label wins); iteratively, as a tree may be deep. */
function collectDefinitions(root: Root): Map<string, Definition> {
  const definitions = new Map<string, Definition>();
  const stack: Nodes[] = [root];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.type === "definition" && !definitions.has(node.identifier)) definitions.set(node.identifier, node);
    if ("children" in node) for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
  return definitions;
}

/**
 * A learner's Markdown as blocks that show as they read: the markup the app renders in a note,
 * nothing that runs or fetches. Past MAX_MARKUP_CHARACTERS, or with a line nesting deeper than
 * MAX_NESTING, the note is plain text.
 */
export function learnerMarkdown(markdown: string): BlockContent[] {
  if ((markdown.match(MARKUP_CHARACTER)?.length ?? 0) > MAX_MARKUP_CHARACTERS || DEEP_CONTAINERS.test(markdown)) return plainParagraphs(markdown);
  const tree = fromMarkdown(markdown.replace(/\r\n?/g, "\n"));
  return inertBlocks(tree.children, { definitions: collectDefinitions(tree), inLink: false, depth: 0 });
}

/**
 * Blocks that continue a line already begun (`lead`, such as a note's moment): the first block
 * joins that line when it is a paragraph; any other block (code, a list, a quote) starts on a line
 * of its own, where it reads as itself.
 */
export function continuing(lead: PhrasingContent[], blocks: readonly BlockContent[]): BlockContent[] {
  const [first, ...rest] = blocks;
  if (first?.type === "paragraph") return [paragraph([...lead, text(" "), ...first.children]), ...rest];
  return [paragraph(lead), ...blocks];
}

/** Plain text for a paragraph or a list item: its lines kept (as line breaks of the paragraph), blank and edge spaces dropped. */
export function plainText(value: string): Text {
  const lines = value
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  return text(lines.join("\n"));
}

/** Plain text on one line (a title, a heading, a quote). */
export const oneLine = (value: string): Text => text(value.replace(/\s+/g, " ").trim());

/** Plain text as paragraphs (split on blank lines). */
export const plainParagraphs = (value: string): Paragraph[] =>
  value
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((chunk) => plainText(chunk))
    .filter((node) => node.value !== "")
    .map((node) => paragraph([node]));

/** A link destination written as is: nothing in it a Markdown reader would unescape or end on. */
const RAW_DESTINATION = /^[^\s\p{Cc}()<>\\]+$/u;
const CHARACTER_REFERENCE = /&(?:#\d{1,7}|#[xX][\da-fA-F]{1,6}|[A-Za-z][A-Za-z\d]{1,31});/;

/**
 * Links as `[label](url)` with the url written as is when nothing in it needs an escape, so a
 * video link reads `…watch?v=id&t=65s` (the default writer escapes every `&` before a letter).
 * Any other link (a title, an autolink, a url with spaces, parentheses, a backslash or something
 * that reads as a character reference) is the default writer's.
 */
const link: Handle = (node: Link, parent, state, info) => {
  const only = node.children.length === 1 ? node.children[0] : undefined;
  const autolink = only?.type === "text" && (only.value === node.url || `mailto:${only.value}` === node.url);
  if (node.title || autolink || !RAW_DESTINATION.test(node.url) || CHARACTER_REFERENCE.test(node.url)) return defaultHandlers.link(node, parent, state, info);
  const tracker = state.createTracker(info);
  const exit = state.enter("link");
  const exitLabel = state.enter("label");
  let value = tracker.move("[");
  const label = state.containerPhrasing(node, { before: value, after: "](", ...tracker.current() });
  value += tracker.move(label);
  exitLabel();
  // As the default writer does: at the start of a line, a label whose first unescaped "]" is
  // followed by ":" (possible inside code) would read as a definition; an empty title prevents it.
  const lineStart = info.before === "" || /[\r\n]$/.test(info.before);
  value += tracker.move(`](${node.url}${lineStart && readsAsDefinition(label) ? ' ""' : ""})`);
  exit();
  return value;
};

function readsAsDefinition(label: string): boolean {
  let index = 0;
  while (index < label.length && label[index] !== "]") index += label[index] === "\\" ? 2 : 1;
  return label[index + 1] === ":";
}

/**
 * A "<" that could open a tag or an autolink is written as a character reference, not a
 * backslash escape: `&#x3C;script>` stays text even for a reader that ignores escapes, or that
 * hands the file to an HTML renderer as it is.
 */
const ENCODE = ["<"];
const textHandler: Handle = (node: Text, parent, state, info) => defaultHandlers.text(node, parent, state, { ...info, encode: ENCODE } as Info);

/** Never written as HTML, whatever reaches the tree: the inert transforms above leave none; this is the backstop. */
const html: Handle = (node: Html, _parent, state, info) => {
  const exit = state.enter("phrasing");
  const value = state.safe(node.value, { ...info, encode: ENCODE });
  exit();
  return value;
};

const WRITE_OPTIONS: Options = {
  bullet: "-",
  listItemIndent: "one",
  emphasis: "*",
  strong: "*",
  rule: "*",
  fences: true,
  handlers: { link, html, text: textHandler },
};

/** The Markdown file of a tree. */
export function writeMarkdown(tree: Root): string {
  return toMarkdown(tree, WRITE_OPTIONS);
}
