import { describe, expect, test } from "vitest";

import { cardsTsv, type ExportedCard, neutraliseFormula, toAnkiCard, tsvField } from "./export-cards";

/** Reads TSV as Anki's importer (Rust's csv crate: "#" comment lines, RFC 4180 quotes) and spreadsheets do. */
function readTsv(tsv: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  let atRowStart = true;
  for (let i = 0; i < tsv.length; i++) {
    const char = tsv[i]!;
    if (atRowStart && char === "#") {
      i = tsv.indexOf("\n", i);
      if (i === -1) break;
      continue;
    }
    atRowStart = false;
    if (quoted && char === '"' && tsv[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (quoted && char === '"') quoted = false;
    else if (quoted) cell += char;
    else if (char === '"' && cell === "") quoted = true;
    else if (char === "\t") {
      row.push(cell);
      cell = "";
    } else if (char === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      atRowStart = true;
    } else cell += char;
  }
  return rows;
}

const card = (front: string, back = "back"): ExportedCard => ({
  id: 1,
  front,
  back,
  timeSeconds: 65,
  course: { id: 1, title: "Course", videos: [{ videoId: "abc", offsetSeconds: 0, durationSeconds: 600 }] },
});

describe("OWASP CSV injection: a cell that starts like a formula", () => {
  test("gets a leading ' when it starts with = + - @, a tab or a carriage return", () => {
    for (const cell of ["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx", '=HYPERLINK("http://x.example","y")', "-> arrow"]) {
      expect(neutraliseFormula(cell), JSON.stringify(cell)).toBe(`'${cell}`);
    }
  });

  test("also after leading spaces, and in the full-width forms", () => {
    for (const cell of [" =1+1", "  @x", "\n=1", "\u00a0+1", "\u3000-1", "＝1+1", "＋1", "－1", "＠x", " ＝x"]) {
      expect(neutraliseFormula(cell), JSON.stringify(cell)).toBe(`'${cell}`);
    }
  });

  test("anything else is left as written", () => {
    for (const cell of ["plain", "1+1=2", "a = b", "e-mail", "'quoted", "", "https://www.youtube.com/watch?v=abc&t=5s", "日本語"]) {
      expect(neutraliseFormula(cell), JSON.stringify(cell)).toBe(cell);
    }
  });
});

describe("TSV cells", () => {
  test("quoted, quotes doubled, when they hold a tab, a line break or a quote, or start with #", () => {
    expect(tsvField("plain text, with commas")).toBe("plain text, with commas");
    expect(tsvField("a\tb")).toBe('"a\tb"');
    expect(tsvField("line\r\nbreak")).toBe('"line\r\nbreak"');
    expect(tsvField('say "hi"')).toBe('"say ""hi"""');
    expect(tsvField("#html:true")).toBe('"#html:true"');
    expect(tsvField('=HYPERLINK("http://x.example","y")')).toBe(`"'=HYPERLINK(""http://x.example"",""y"")"`);
  });

  test("a card whose front is a formula: the file's cell, and the cell read back, start with ', never =", () => {
    const tsv = cardsTsv([card('=HYPERLINK("http://x.example","y")')]);
    const line = tsv.split("\n")[3]!;
    expect(line.startsWith("=")).toBe(false);
    const [[front]] = readTsv(tsv) as [[string]];
    expect(front).toBe(`'=HYPERLINK("http://x.example","y")`);
  });

  test("read back as Anki and spreadsheets read it: three columns a card, whatever the faces hold, nothing taken for a header line", () => {
    const faces = ["a\tb", "two\nlines", "cr\ronly", 'q"uote', "#html:true", "#deck:Other", "-1", "\t=1", "@x\n=y", "tags:a b", ""];
    const cards = faces.map((face, i) => card(face, faces[faces.length - 1 - i]));
    const rows = readTsv(cardsTsv(cards));
    expect(rows).toHaveLength(cards.length);
    for (const [i, row] of rows.entries()) {
      expect(row, JSON.stringify(faces[i])).toEqual([
        neutraliseFormula(cards[i]!.front),
        neutraliseFormula(cards[i]!.back),
        "https://www.youtube.com/watch?v=abc&t=65s",
      ]);
      for (const cell of row) expect(cell).not.toMatch(/^\s*[=+\-@＝＋－＠]/);
    }
  });

  test("the Anki header keeps its three lines first; no card line starts with #", () => {
    const tsv = cardsTsv([card("#separator:comma"), card("#html:true")]);
    const lines = tsv.split("\n");
    expect(lines.slice(0, 3)).toEqual(["#separator:tab", "#html:false", "#columns:Front\tBack\tLink"]);
    expect(lines.slice(3).filter((line) => line.startsWith("#"))).toEqual([]);
  });
});

describe("Anki fields", () => {
  test("are HTML with the learner's markup escaped; the deck name has no control characters", () => {
    const anki = toAnkiCard({
      ...card('<img src=x onerror="alert(1)">\x1fsplit', "<script>alert(1)</script>"),
      course: { ...card("").course, title: "A\x1fB::C" },
    });
    expect(anki.front).toBe("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;split");
    expect(anki.back).toBe("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(anki.moment).toBe('<a href="https://www.youtube.com/watch?v=abc&amp;t=65s">Rewatch at 1:05</a>');
    expect(anki.deck).toBe("CourseCraft::AB:C");
  });
});
