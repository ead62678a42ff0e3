import { describe, expect, it } from "vitest";
import { ANIMATION_MS, CASCADER_HOVER_DELAY_MS, CASCADER_SEARCH_LIMIT, cascadeColumns, pathLabels, searchCascade, type CascadeNode } from "./cascader";

// Spec 001 §9 / issue 25 "Cascades": the cascader's search over all levels, its limit, hover delay and speeds.
const node = (value: string, label: string, children: CascadeNode[] = []): CascadeNode => ({ value, label, children });
const tree = [
  node("11", "北京市", [node("1101", "北京市辖区", [node("110101", "东城区"), node("110102", "西城区")])]),
  node("44", "广东省", [node("4401", "广州市", [node("440106", "天河区")]), node("4403", "深圳市", [node("440305", "南山区")])]),
];

describe("the cascader with search (spec 001 §9)", () => {
  it("has the spec's numbers", () => {
    expect(CASCADER_SEARCH_LIMIT).toBe(50);
    expect(CASCADER_HOVER_DELAY_MS).toBe(150);
    expect(ANIMATION_MS).toEqual({ slow: 600, fast: 200, default: 400 });
  });

  it("searches every level and answers each hit as its path from the first level", () => {
    expect(searchCascade(tree, "北京").map((p) => p.map((n) => n.value))).toEqual([["11"], ["11", "1101"]]);
    expect(searchCascade(tree, " 天河 ").map((p) => p.map((n) => n.label))).toEqual([["广东省", "广州市", "天河区"]]);
    expect(searchCascade(tree, "区").map((p) => p.at(-1)!.value)).toEqual(["1101", "110101", "110102", "440106", "440305"]);
    expect(searchCascade(tree, "")).toEqual([]);
    expect(searchCascade(tree, "上海")).toEqual([]);
  });

  it("answers at most 50 hits", () => {
    const wide = Array.from({ length: 40 }, (_, i) => node(`p${i}`, `省${i}`, [node(`c${i}`, `市${i}`)]));
    expect(searchCascade(wide, "省")).toHaveLength(40);
    expect(searchCascade([...wide, ...wide.map((n) => node(`x${n.value}`, `省x`, n.children))], "省")).toHaveLength(50);
    expect(searchCascade(wide, "1", 5)).toHaveLength(5);
  });

  it("columns and labels follow the open path as far as it is a path of the tree", () => {
    expect(cascadeColumns(tree, []).map((c) => c.length)).toEqual([2]);
    expect(cascadeColumns(tree, ["44", "4401"]).map((c) => c.map((n) => n.value))).toEqual([["11", "44"], ["4401", "4403"], ["440106"]]);
    expect(cascadeColumns(tree, ["44", "nope"]).length).toBe(2);
    expect(pathLabels(tree, ["44", "4403", "440305"])).toEqual(["广东省", "深圳市", "南山区"]);
    expect(pathLabels(tree, ["44", "1101"])).toEqual(["广东省"]);
  });
});
