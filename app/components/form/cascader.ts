/**
 * The cascader with search (spec 001 §9: "Cascader search result limit: 50 by default. Hover delay: 150 ms";
 * "Animation speeds: slow 600 ms, fast 200 ms, default 400 ms"; decision 076). Pure: the browser's
 * component (Cascader.client.tsx) and its tests read it.
 */
export const CASCADER_SEARCH_LIMIT = 50;
/** Hovering an option with children opens its level after this long (a pointer passing over does not). */
export const CASCADER_HOVER_DELAY_MS = 150;
/** Spec 001 §9's animation speeds; the cascader's panel opens at `fast` (none under prefers-reduced-motion). */
export const ANIMATION_MS = { slow: 600, fast: 200, default: 400 } as const;

export type CascadeNode = { value: string; label: string; children: CascadeNode[] };
/** A search hit: the path from the first level to the matching node (any level). */
export type CascadeHit = CascadeNode[];

/**
 * Every node of any level whose label holds the query (case and surrounding spaces ignored), as its path
 * from the first level, in the tree's order (depth first), at most `limit`. An empty query finds nothing.
 */
export function searchCascade(tree: CascadeNode[], query: string, limit = CASCADER_SEARCH_LIMIT): CascadeHit[] {
  const needle = query.trim().toLowerCase();
  const hits: CascadeHit[] = [];
  if (!needle) return hits;
  const walk = (nodes: CascadeNode[], above: CascadeNode[]) => {
    for (const node of nodes) {
      if (hits.length >= limit) return;
      const path = [...above, node];
      if (node.label.toLowerCase().includes(needle)) hits.push(path);
      walk(node.children, path);
    }
  };
  walk(tree, []);
  return hits;
}

/** The columns to show for an open path: the first level, then the children of each node on the path that has any. */
export function cascadeColumns(tree: CascadeNode[], open: string[]): CascadeNode[][] {
  const columns: CascadeNode[][] = [tree];
  let level = tree;
  for (const value of open) {
    const node = level.find((n) => n.value === value);
    if (!node?.children.length) break;
    columns.push(node.children);
    level = node.children;
  }
  return columns;
}

/** The labels of a path of values, as far as it is a path of the tree. */
export function pathLabels(tree: CascadeNode[], path: string[]): string[] {
  const labels: string[] = [];
  let level = tree;
  for (const value of path) {
    const node = level.find((n) => n.value === value);
    if (!node) break;
    labels.push(node.label);
    level = node.children;
  }
  return labels;
}
