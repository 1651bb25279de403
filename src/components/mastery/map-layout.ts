/**
 * Where the concept map puts each concept, in O(concepts + links): concepts linked together form
 * a block (mostly one course's, joined where courses share a concept); inside a block, columns
 * follow the "comes before" links (longest path from the block's first concepts, cycles broken by
 * a depth-first order), and a column taller than MAX_ROWS wraps into several; blocks are packed
 * in rows. No force simulation, so 2,000 concepts lay out in a few milliseconds and nothing moves.
 */

export type MapLink = { from: number; to: number; kind: "before" | "with" };
export type Point = { x: number; y: number };

export const COLUMN_GAP = 190;
const ROW_GAP = 76;
const BLOCK_GAP = 110;
const MAX_ROWS = 10;

function components(ids: readonly number[], links: readonly MapLink[]): number[][] {
  const parent = new Map(ids.map((id) => [id, id]));
  const find = (id: number): number => {
    let root = id;
    while (parent.get(root) !== root) root = parent.get(root)!;
    // Path compression keeps later finds short.
    for (let node = id; parent.get(node) !== root;) {
      const next = parent.get(node)!;
      parent.set(node, root);
      node = next;
    }
    return root;
  };
  for (const { from, to } of links) {
    if (!parent.has(from) || !parent.has(to)) continue;
    const [a, b] = [find(from), find(to)];
    if (a !== b) parent.set(b, a);
  }
  const groups = new Map<number, number[]>();
  for (const id of ids) {
    const root = find(id);
    const group = groups.get(root);
    if (group) group.push(id);
    else groups.set(root, [id]);
  }
  return [...groups.values()];
}

/** Each concept's column: the longest chain of "before" links leading to it, back links of cycles left out. */
function columns(ids: readonly number[], next: ReadonlyMap<number, number[]>): Map<number, number> {
  const state = new Map<number, 1 | 2>();
  const postorder: number[] = [];
  for (const root of ids) {
    if (state.has(root)) continue;
    state.set(root, 1);
    const stack: [number, number][] = [[root, 0]];
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const outs = next.get(top[0]) ?? [];
      if (top[1] < outs.length) {
        const target = outs[top[1]++]!;
        if (!state.has(target)) {
          state.set(target, 1);
          stack.push([target, 0]);
        }
      } else {
        state.set(top[0], 2);
        postorder.push(top[0]);
        stack.pop();
      }
    }
  }
  const order = postorder.reverse();
  const position = new Map(order.map((id, index) => [id, index]));
  const column = new Map(order.map((id) => [id, 0]));
  for (const id of order) {
    for (const target of next.get(id) ?? []) {
      // A link to a concept earlier in the order closes a cycle: it does not push a column.
      if (position.get(target)! > position.get(id)!) column.set(target, Math.max(column.get(target)!, column.get(id)! + 1));
    }
  }
  return column;
}

type Block = { ids: number[]; points: Map<number, Point>; width: number; height: number };

function layoutBlock(ids: readonly number[], next: ReadonlyMap<number, number[]>, previous: ReadonlyMap<number, number[]>): Block {
  const column = columns(ids, next);
  const byColumn: number[][] = [];
  for (const id of ids) (byColumn[column.get(id)!] ??= []).push(id);
  const points = new Map<number, Point>();
  const rowOf = new Map<number, number>();
  let x = 0;
  let rows = 1;
  for (const members of byColumn) {
    if (!members) continue;
    // One barycentre pass: a concept sits near the concepts explained before it, so fewer links cross.
    const weight = (id: number) => {
      const before = (previous.get(id) ?? []).filter((source) => rowOf.has(source));
      return before.length === 0 ? Number.POSITIVE_INFINITY : before.reduce((sum, source) => sum + rowOf.get(source)!, 0) / before.length;
    };
    const weights = new Map(members.map((id) => [id, weight(id)]));
    const sorted = members.map((id, index) => ({ id, index })).sort((a, b) => weights.get(a.id)! - weights.get(b.id)! || a.index - b.index);
    const wraps = Math.ceil(sorted.length / MAX_ROWS);
    sorted.forEach(({ id }, index) => {
      const row = index % MAX_ROWS;
      rowOf.set(id, row);
      points.set(id, { x: x + Math.floor(index / MAX_ROWS) * COLUMN_GAP, y: row * ROW_GAP });
    });
    rows = Math.max(rows, Math.min(sorted.length, MAX_ROWS));
    x += wraps * COLUMN_GAP;
  }
  return { ids: [...ids], points, width: x, height: rows * ROW_GAP };
}

/** Positions of the concepts `ids` (in the order they should be read) for the links among them. */
export function layoutConceptMap(ids: readonly number[], links: readonly MapLink[]): Map<number, Point> {
  const present = new Set(ids);
  const next = new Map<number, number[]>();
  const previous = new Map<number, number[]>();
  for (const { from, to, kind } of links) {
    if (kind !== "before" || from === to || !present.has(from) || !present.has(to)) continue;
    (next.get(from) ?? next.set(from, []).get(from)!).push(to);
    (previous.get(to) ?? previous.set(to, []).get(to)!).push(from);
  }
  // Larger blocks first; blocks of one concept end up side by side in the last rows.
  const blocks = components(ids, links)
    .map((members) => layoutBlock(members, next, previous))
    .sort((a, b) => b.ids.length - a.ids.length);
  const area = blocks.reduce((sum, block) => sum + (block.width + BLOCK_GAP) * (block.height + BLOCK_GAP), 0);
  const rowWidth = Math.max(Math.sqrt(area) * 1.4, ...blocks.map((block) => block.width));

  const result = new Map<number, Point>();
  let [x, y, shelf] = [0, 0, 0];
  for (const block of blocks) {
    if (x > 0 && x + block.width > rowWidth) [x, y, shelf] = [0, y + shelf + BLOCK_GAP, 0];
    for (const [id, point] of block.points) result.set(id, { x: x + point.x, y: y + point.y });
    x += block.width + BLOCK_GAP;
    shelf = Math.max(shelf, block.height);
  }
  return result;
}

export type Direction = "left" | "right" | "up" | "down";

const AXES: Record<Direction, { along: (d: Point) => number; across: (d: Point) => number }> = {
  right: { along: (d) => d.x, across: (d) => d.y },
  left: { along: (d) => -d.x, across: (d) => d.y },
  down: { along: (d) => d.y, across: (d) => d.x },
  up: { along: (d) => -d.y, across: (d) => d.x },
};

/**
 * The concept an arrow key moves to: the nearest one that way, weighing a step sideways twice a
 * step forward (so Right stays on the row), or null at the map's edge.
 */
export function nearestInDirection(points: ReadonlyMap<number, Point>, fromId: number, direction: Direction): number | null {
  const from = points.get(fromId);
  if (!from) return null;
  const { along, across } = AXES[direction];
  let best: { id: number; score: number } | null = null;
  for (const [id, point] of points) {
    if (id === fromId) continue;
    const delta = { x: point.x - from.x, y: point.y - from.y };
    const forward = along(delta);
    if (forward <= 0) continue;
    const score = forward + 2 * Math.abs(across(delta));
    if (!best || score < best.score) best = { id, score };
  }
  return best?.id ?? null;
}
