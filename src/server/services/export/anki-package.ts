import { createHash } from "node:crypto";

import { strToU8, zipSync } from "fflate";
import initSqlJs, { type SqlJsStatic } from "sql.js";

import { AppError } from "~/server/errors";

/**
 * An Anki package (.apkg) written from scratch: a zip holding `collection.anki2`, an SQLite
 * database in Anki's collection schema 11 (the one every Anki since 2.1 imports, and the one
 * genanki writes), and an empty `media` map. sql.js is SQLite compiled to WebAssembly (its .wasm
 * ships in the package, so nothing is fetched); fflate zips.
 */

export type AnkiCard = {
  /** Stable across exports, so importing again updates the note instead of adding a copy. */
  key: string;
  deck: string;
  /** HTML fields. */
  front: string;
  back: string;
  moment: string;
};

/** One note type for every CourseCraft card; a fixed id, so re-imports share it. */
const MODEL_ID = 1_732_400_000_001;
/** Deck ids: fixed per deck name (a hash above this base), so re-imports land in the same deck. */
const DECK_ID_BASE = 1_600_000_000_000;

const SCHEMA = `
CREATE TABLE col (id integer primary key, crt integer not null, mod integer not null, scm integer not null, ver integer not null,
  dty integer not null, usn integer not null, ls integer not null, conf text not null, models text not null, decks text not null,
  dconf text not null, tags text not null);
CREATE TABLE notes (id integer primary key, guid text not null, mid integer not null, mod integer not null, usn integer not null,
  tags text not null, flds text not null, sfld integer not null, csum integer not null, flags integer not null, data text not null);
CREATE TABLE cards (id integer primary key, nid integer not null, did integer not null, ord integer not null, mod integer not null,
  usn integer not null, type integer not null, queue integer not null, due integer not null, ivl integer not null, factor integer not null,
  reps integer not null, lapses integer not null, left integer not null, odue integer not null, odid integer not null, flags integer not null,
  data text not null);
CREATE TABLE revlog (id integer primary key, cid integer not null, usn integer not null, ease integer not null, ivl integer not null,
  lastIvl integer not null, factor integer not null, time integer not null, type integer not null);
CREATE TABLE graves (usn integer not null, oid integer not null, type integer not null);
CREATE INDEX ix_notes_usn on notes (usn);
CREATE INDEX ix_cards_usn on cards (usn);
CREATE INDEX ix_revlog_usn on revlog (usn);
CREATE INDEX ix_cards_nid on cards (nid);
CREATE INDEX ix_cards_sched on cards (did, queue, due);
CREATE INDEX ix_revlog_cid on revlog (cid);
CREATE INDEX ix_notes_csum on notes (csum);
`;

const CSS = `.card { font-family: system-ui, sans-serif; font-size: 20px; text-align: left; color: black; background-color: white; }
.moment { margin-top: 1em; font-size: 16px; }`;

let sqlJs: Promise<SqlJsStatic> | undefined;
const loadSqlJs = () => (sqlJs ??= initSqlJs());

const sha1 = (text: string) => createHash("sha1").update(text).digest();

/** Anki's first-field checksum: the first 8 hex digits of the SHA-1 of the field without HTML. */
const checksum = (field: string) => sha1(stripHtml(field)).readUInt32BE(0);

const stripHtml = (html: string) =>
  html
    .replace(/<[^>]*>/g, "")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&amp;", "&");

/** A note's guid (Anki's are short base-91-like strings): from the card's key, so it is the same on every export. */
const guidOf = (key: string) => sha1(`coursecraft:${key}`).toString("base64").slice(0, 10);

const deckIdOf = (name: string) => DECK_ID_BASE + (sha1(name).readUInt32BE(0) % 100_000_000);

/**
 * Text as an HTML field: escaped (so markup a learner typed shows as typed, never as HTML), line
 * breaks kept, other control characters dropped (U+001F separates a note's fields).
 */
export function htmlField(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replace(/\r\n?|\n/g, "<br>")
    .replace(/\p{Cc}/gu, (control) => (control === "\t" ? control : ""));
}

/**
 * The most field text one package may hold: the whole collection is built in memory, at several
 * bytes per character. 10 million is 20,000 cards of 500 characters each, far above what a
 * learner studies; a bigger deck is asked for one course at a time.
 */
export const MAX_PACKAGE_FIELD_CHARACTERS = 10_000_000;
export const PACKAGE_TOO_LARGE_MESSAGE =
  "These cards hold too much text for one Anki deck. Download the cards of one course at a time, or download them as TSV.";

/** The .apkg bytes of `cards`, each a new card in its deck (decks nest with "::"). */
export async function writeAnkiPackage(cards: readonly AnkiCard[], now = new Date()): Promise<Uint8Array> {
  const size = cards.reduce((total, card) => total + card.front.length + card.back.length + card.moment.length, 0);
  if (size > MAX_PACKAGE_FIELD_CHARACTERS) throw new AppError("UNPROCESSABLE", PACKAGE_TOO_LARGE_MESSAGE);
  const SQL = await loadSqlJs();
  const db = new SQL.Database();
  try {
    db.run(SCHEMA);
    const ms = now.getTime();
    const secs = Math.floor(ms / 1000);
    const deckNames = [...new Set(cards.map((card) => card.deck))];
    const decks: Record<string, unknown> = { "1": deck(1, "Default", secs) };
    for (const name of deckNames) decks[String(deckIdOf(name))] = deck(deckIdOf(name), name, secs);
    const firstDeck = deckNames.length ? deckIdOf(deckNames[0]!) : 1;

    db.run("INSERT INTO col VALUES (1, ?, ?, ?, 11, 0, 0, 0, ?, ?, ?, ?, '{}')", [
      Math.floor(secs / 86_400) * 86_400,
      ms,
      ms,
      JSON.stringify(collectionConf(firstDeck)),
      JSON.stringify({ [MODEL_ID]: model(firstDeck, secs) }),
      JSON.stringify(decks),
      JSON.stringify(DECK_CONF),
    ]);
    const note = db.prepare("INSERT INTO notes VALUES (?, ?, ?, ?, -1, '', ?, ?, ?, 0, '')");
    const card = db.prepare("INSERT INTO cards VALUES (?, ?, ?, 0, ?, -1, 0, 0, ?, 0, 0, 0, 0, 0, 0, 0, 0, '')");
    db.run("BEGIN");
    cards.forEach((entry, position) => {
      // Note and card ids are creation times in ms in Anki; consecutive ones keep them unique.
      const id = ms + position;
      note.run([id, guidOf(entry.key), MODEL_ID, secs, [entry.front, entry.back, entry.moment].join("\x1f"), stripHtml(entry.front), checksum(entry.front)]);
      card.run([id, id, deckIdOf(entry.deck), secs, position + 1]);
    });
    db.run("COMMIT");
    note.free();
    card.free();
    return zipSync({ "collection.anki2": db.export(), media: strToU8("{}") });
  } finally {
    db.close();
  }
}

function deck(id: number, name: string, mod: number) {
  return {
    id,
    name,
    mod,
    usn: -1,
    desc: "",
    dyn: 0,
    conf: 1,
    collapsed: false,
    extendNew: 10,
    extendRev: 50,
    newToday: [0, 0],
    revToday: [0, 0],
    lrnToday: [0, 0],
    timeToday: [0, 0],
  };
}

function collectionConf(currentDeck: number) {
  return {
    activeDecks: [currentDeck],
    curDeck: currentDeck,
    curModel: String(MODEL_ID),
    addToCur: true,
    collapseTime: 1200,
    dueCounts: true,
    estTimes: true,
    newBury: true,
    newSpread: 0,
    nextPos: 1,
    sortBackwards: false,
    sortType: "noteFld",
    timeLim: 0,
  };
}

const field = (name: string, ord: number) => ({ name, ord, sticky: false, rtl: false, font: "Arial", size: 20, media: [] });

function model(deckId: number, mod: number) {
  return {
    id: MODEL_ID,
    name: "CourseCraft card",
    type: 0,
    mod,
    usn: -1,
    sortf: 0,
    did: deckId,
    flds: [field("Front", 0), field("Back", 1), field("Moment", 2)],
    tmpls: [
      {
        name: "Card 1",
        ord: 0,
        qfmt: "{{Front}}",
        afmt: '{{FrontSide}}<hr id="answer">{{Back}}{{#Moment}}<div class="moment">{{Moment}}</div>{{/Moment}}',
        did: null,
        bqfmt: "",
        bafmt: "",
      },
    ],
    css: CSS,
    latexPre:
      "\\documentclass[12pt]{article}\n\\special{papersize=3in,5in}\n\\usepackage[utf8]{inputenc}\n\\usepackage{amssymb,amsmath}\n\\pagestyle{empty}\n\\setlength{\\parindent}{0in}\n\\begin{document}\n",
    latexPost: "\\end{document}",
    tags: [],
    vers: [],
    req: [[0, "all", [0]]],
  };
}

const DECK_CONF = {
  "1": {
    id: 1,
    name: "Default",
    mod: 0,
    usn: 0,
    maxTaken: 60,
    autoplay: true,
    timer: 0,
    replayq: true,
    dyn: false,
    new: { bury: true, delays: [1, 10], initialFactor: 2500, ints: [1, 4, 7], order: 1, perDay: 20, separate: true },
    lapse: { delays: [10], leechAction: 0, leechFails: 8, minInt: 1, mult: 0 },
    rev: { bury: true, ease4: 1.3, fuzz: 0.05, ivlFct: 1, maxIvl: 36500, minSpace: 1, perDay: 100 },
  },
};
