/** Reading an EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) plan, for the benches' `--explain` lines. */

export type PlanNode = {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Actual Total Time": number;
  "Actual Loops": number;
  "Actual Rows": number;
  "Rows Removed by Filter"?: number;
  Plans?: PlanNode[];
};

export type Explained = {
  Plan: PlanNode & { "Shared Hit Blocks": number; "Shared Read Blocks": number; "Temp Written Blocks"?: number };
  "Execution Time": number;
  "Planning Time": number;
  Triggers?: { "Trigger Name": string; Time: number; Calls: number }[];
};

/** "Index Scan using X on "Y"": a node as a line says it. */
export const describePlanNode = (node: PlanNode) =>
  [node["Node Type"], node["Index Name"] ? `using ${node["Index Name"]}` : "", node["Relation Name"] ? `on "${node["Relation Name"]}"` : ""]
    .filter(Boolean)
    .join(" ");

/**
 * The node whose own time (its loops' total less its children's) is the largest. A CTE Scan is
 * left out: its time includes running the CTE, whose own nodes are counted where the plan lists
 * them (an InitPlan of the node that holds the WITH).
 */
export function slowestNode(node: PlanNode): { node: PlanNode; self: number } {
  const total = (n: PlanNode) => n["Actual Total Time"] * n["Actual Loops"];
  const self = node["Node Type"] === "CTE Scan" ? 0 : Math.max(0, total(node) - (node.Plans ?? []).reduce((sum, child) => sum + total(child), 0));
  return (node.Plans ?? []).map(slowestNode).reduce((best, candidate) => (candidate.self > best.self ? candidate : best), { node, self });
}
