/** Student groups (spec 001 §2 dialog 1; §9: up to 5 levels, groupOneId … groupFiveId). */
export const GROUP_KEYS = ["groupOneId", "groupTwoId", "groupThreeId", "groupFourId", "groupFiveId"] as const;

export type Group = { id: string; groupName: string; children: Group[] };

/**
 * The chosen path kept as far as it is a path of the tree: a level whose choice is not a child of the level
 * above ends it (an earlier level changed, so later choices are stale and cleared).
 */
export function keepGroupPath(groups: Group[], chosen: Array<string | undefined>): string[] {
  const out: string[] = [];
  let level = groups;
  for (const id of chosen.slice(0, GROUP_KEYS.length)) {
    const hit = id ? level.find((g) => g.id === id) : undefined;
    if (!hit) break;
    out.push(hit.id);
    level = hit.children;
  }
  return out;
}

/** The options of each level to show for a path: level 1, then the children of each chosen group that has any. */
export function groupLevels(groups: Group[], path: string[]): Group[][] {
  const levels: Group[][] = [];
  let level = groups;
  for (let i = 0; i < GROUP_KEYS.length && level.length; i++) {
    levels.push(level);
    const hit = level.find((g) => g.id === path[i]);
    if (!hit) break;
    level = hit.children;
  }
  return levels;
}

/** A path is complete when it ends at a group without children. */
export function groupPathComplete(groups: Group[], path: string[]): boolean {
  if (!groups.length) return true;
  if (!path.length) return false;
  const levels = groupLevels(groups, path);
  const last = levels[path.length - 1]?.find((g) => g.id === path[path.length - 1]);
  return !!last && last.children.length === 0;
}
