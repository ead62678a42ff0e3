import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { Input } from "~/components/ui/Input";
import { ANIMATION_MS, CASCADER_HOVER_DELAY_MS, cascadeColumns, pathLabels, searchCascade, type CascadeNode } from "~/components/form/cascader";

export type CascaderTexts = { choose: string; search: string; noResults: string; results: (count: number) => string; level: (n: number) => string };

/**
 * The cascader with search (spec 001 §9; decision 076), loaded after hydration in place of the chained
 * selects (which stay the form without JavaScript and until this chunk is loaded). A combobox: typing
 * searches every level (at most 50 hits, `searchCascade`), each hit its whole path; without a query the
 * panel shows a column per level, a level opening on click, Arrow Right, or a hover of 150 ms. Keys: Arrow
 * Up / Down within the column or the hits, Arrow Right / Left a level in or out, Enter chooses, Escape
 * closes. The panel fades in at the spec's fast speed (200 ms), not at all under prefers-reduced-motion.
 * The chosen path is `onChange`'s: the form posts it in its own inputs.
 */
export default function Cascader({
  tree,
  path,
  onChange,
  label,
  texts,
  invalid,
}: {
  tree: CascadeNode[];
  path: string[];
  onChange: (path: string[]) => void;
  label: string;
  texts: CascaderTexts;
  invalid?: boolean;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState(false);
  const [query, setQuery] = useState("");
  const [openPath, setOpenPath] = useState<string[]>(path);
  // the active option: a column (level) and its row, or a hit's row
  const [active, setActive] = useState<{ level: number; row: number }>({ level: 0, row: 0 });
  const hover = useRef<ReturnType<typeof setTimeout>>();
  const root = useRef<HTMLDivElement>(null);
  const hits = useMemo(() => searchCascade(tree, query), [tree, query]);
  const columns = cascadeColumns(tree, openPath);
  const chosen = pathLabels(tree, path).join(" / ");

  useEffect(() => {
    if (!open) return setShown(false);
    const frame = requestAnimationFrame(() => setShown(true));
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) close();
    };
    document.addEventListener("pointerdown", outside);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener("pointerdown", outside);
    };
  }, [open]);
  useEffect(() => () => clearTimeout(hover.current), []);

  function show() {
    if (open) return;
    setOpenPath(path);
    setActive({
      level: 0,
      row: Math.max(
        0,
        tree.findIndex((n) => n.value === path[0]),
      ),
    });
    setOpen(true);
  }
  function close() {
    clearTimeout(hover.current);
    setOpen(false);
    setQuery("");
  }
  function choose(values: string[], leaf: boolean) {
    onChange(values);
    if (leaf) close();
    else {
      setOpenPath(values);
      setActive({ level: values.length, row: 0 });
    }
  }
  function openLevel(level: number, node: CascadeNode) {
    setOpenPath([...openPath.slice(0, level), node.value]);
  }
  const optionId = (level: number, row: number) => `${id}-o-${level}-${row}`;

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const key = event.key;
    if (key === "Escape") {
      if (open) event.preventDefault();
      return close();
    }
    if (!open) {
      if (key === "ArrowDown" || key === "Enter") {
        event.preventDefault();
        show();
      }
      return;
    }
    if (query) {
      const count = hits.length; // at most CASCADER_SEARCH_LIMIT (searchCascade)
      if (key === "ArrowDown" || key === "ArrowUp") {
        event.preventDefault();
        if (count) setActive({ level: -1, row: (active.row + (key === "ArrowDown" ? 1 : count - 1)) % count });
      } else if (key === "Enter") {
        event.preventDefault();
        const hit = hits[active.row];
        if (hit)
          choose(
            hit.map((n) => n.value),
            !hit.at(-1)!.children.length,
          );
      }
      return;
    }
    const column = columns[active.level] ?? [];
    const node = column[active.row];
    if (key === "ArrowDown" || key === "ArrowUp") {
      event.preventDefault();
      if (column.length) setActive({ level: active.level, row: (active.row + (key === "ArrowDown" ? 1 : column.length - 1)) % column.length });
    } else if (key === "ArrowRight" && node?.children.length) {
      event.preventDefault();
      openLevel(active.level, node);
      setActive({ level: active.level + 1, row: 0 });
    } else if (key === "ArrowLeft" && active.level > 0) {
      event.preventDefault();
      const parent = openPath[active.level - 1];
      setActive({
        level: active.level - 1,
        row: Math.max(
          0,
          (columns[active.level - 1] ?? []).findIndex((n) => n.value === parent),
        ),
      });
    } else if (key === "Enter" && node) {
      event.preventDefault();
      choose([...openPath.slice(0, active.level), node.value], !node.children.length);
    }
  }

  const activeId = !open ? undefined : query ? (hits.length ? optionId(-1, active.row) : undefined) : optionId(active.level, active.row);
  // the list boxes the combobox controls are the scrolling elements themselves (a combobox's popup: keys stay
  // on the input, aria-activedescendant names the option), and the active option is scrolled into view
  const hitsId = `${id}-hits`;
  const columnId = (level: number) => `${id}-level-${level}`;
  const controls = open && !query ? columns.map((_, level) => columnId(level)).join(" ") : hitsId;
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: "nearest" });
  }, [activeId]);
  const option = "block w-full cursor-pointer rounded px-2 py-1 text-left text-sm";
  return (
    <div ref={root} className="relative" data-cascader>
      <Input
        id={`${id}-input`}
        role="combobox"
        aria-label={label}
        aria-expanded={open}
        aria-controls={controls}
        aria-autocomplete="list"
        aria-activedescendant={activeId}
        aria-invalid={invalid || undefined}
        autoComplete="off"
        placeholder={open ? texts.search : chosen || texts.choose}
        value={open ? query : chosen}
        onFocus={show}
        onClick={show}
        onChange={(e) => {
          setQuery(e.currentTarget.value);
          setActive({ level: -1, row: 0 });
          if (!open) setOpen(true);
        }}
        onKeyDown={onKeyDown}
      />
      {open ? (
        <div
          id={`${id}-panel`}
          className={`absolute left-0 z-20 mt-1 flex max-w-[calc(100vw-2rem)] overflow-x-auto rounded border border-gray-200 bg-white shadow-lg transition-opacity motion-reduce:transition-none ${shown ? "opacity-100" : "opacity-0"}`}
          style={{ transitionDuration: `${ANIMATION_MS.fast}ms` }}
          data-testid="cascader-panel"
        >
          {query ? (
            <div className="min-w-64 p-1">
              <p className="sr-only" aria-live="polite">
                {hits.length ? texts.results(hits.length) : texts.noResults}
              </p>
              {hits.length ? (
                <ul id={hitsId} role="listbox" aria-label={label} className="max-h-72 overflow-y-auto">
                  {hits.map((hit, row) => (
                    // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the keys are the combobox's (aria-activedescendant)
                    <li
                      key={hit.map((n) => n.value).join("/")}
                      id={optionId(-1, row)}
                      role="option"
                      aria-selected={row === active.row}
                      className={`${option} ${row === active.row ? "bg-brand/10" : "hover:bg-gray-50"}`}
                      onPointerDown={(e) => e.preventDefault()}
                      onClick={() =>
                        choose(
                          hit.map((n) => n.value),
                          !hit.at(-1)!.children.length,
                        )
                      }
                    >
                      {hit.map((n) => n.label).join(" / ")}
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="px-2 py-1 text-sm text-gray-500">{texts.noResults}</p>
              )}
            </div>
          ) : (
            columns.map((column, level) => (
              <ul
                key={level}
                id={columnId(level)}
                role="listbox"
                aria-label={texts.level(level + 1)}
                className="max-h-72 min-w-36 overflow-y-auto border-r border-gray-100 p-1 last:border-r-0"
              >
                {column.map((node, row) => {
                  const onPath = openPath[level] === node.value;
                  const isActive = active.level === level && active.row === row;
                  return (
                    // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the keys are the combobox's (aria-activedescendant)
                    <li
                      key={node.value}
                      id={optionId(level, row)}
                      role="option"
                      aria-selected={path[level] === node.value}
                      className={`${option} flex items-center justify-between gap-2 ${isActive ? "bg-brand/10" : onPath ? "bg-gray-100" : "hover:bg-gray-50"}`}
                      onPointerDown={(e) => e.preventDefault()}
                      onMouseEnter={() => {
                        clearTimeout(hover.current);
                        if (node.children.length) hover.current = setTimeout(() => openLevel(level, node), CASCADER_HOVER_DELAY_MS);
                      }}
                      onMouseLeave={() => clearTimeout(hover.current)}
                      onClick={() => {
                        clearTimeout(hover.current);
                        setActive({ level, row });
                        choose([...openPath.slice(0, level), node.value], !node.children.length);
                      }}
                    >
                      <span>{node.label}</span>
                      {node.children.length ? <span aria-hidden="true">›</span> : null}
                    </li>
                  );
                })}
              </ul>
            ))
          )}
        </div>
      ) : null}
    </div>
  );
}
