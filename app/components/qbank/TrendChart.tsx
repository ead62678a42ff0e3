import type { T } from "~/components/qbank/parts";
import { Table } from "~/components/ui/Table";

type Bucket = { label: string; answered: number; right: number };

/**
 * A bar chart as inline SVG, rendered on the server (no chart library, no JavaScript): answered and right
 * per period, with a table of the same numbers for screen readers and for copying. Drawn in the kit's colours
 * (the brand colour for answered, as its legend; it was a blue of its own, decision 085).
 */
export function TrendChart({ buckets, title, t }: { buckets: Bucket[]; title: string; t: T }) {
  const W = 640;
  const H = 220;
  const pad = { l: 36, r: 8, t: 12, b: 28 };
  const max = Math.max(1, ...buckets.map((b) => Math.max(b.answered, b.right)));
  const step = (W - pad.l - pad.r) / Math.max(1, buckets.length);
  const bar = Math.max(4, step / 2 - 4);
  const y = (v: number) => pad.t + (H - pad.t - pad.b) * (1 - v / max);
  const ticks = [0, Math.round(max / 2), max];
  return (
    <figure>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={title} className="w-full max-w-2xl" data-testid="trend-chart">
        <title>{title}</title>
        {ticks.map((v) => (
          <g key={v}>
            <line x1={pad.l} x2={W - pad.r} y1={y(v)} y2={y(v)} className="stroke-gray-200" />
            <text x={pad.l - 4} y={y(v) + 4} fontSize="10" textAnchor="end" className="fill-gray-600">
              {v}
            </text>
          </g>
        ))}
        {buckets.map((b, i) => {
          const x = pad.l + i * step + 2;
          return (
            <g key={b.label}>
              <rect x={x} y={y(b.answered)} width={bar} height={H - pad.b - y(b.answered)} className="fill-brand">
                <title>{`${b.label} ${t("stats.answered")} ${b.answered}`}</title>
              </rect>
              <rect x={x + bar + 2} y={y(b.right)} width={bar} height={H - pad.b - y(b.right)} className="fill-green-600">
                <title>{`${b.label} ${t("stats.right")} ${b.right}`}</title>
              </rect>
              <text x={x + bar} y={H - pad.b + 14} fontSize="10" textAnchor="middle" className="fill-gray-700">
                {b.label}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="mt-1 flex gap-4 text-sm">
        <span>
          <span aria-hidden="true" className="mr-1 inline-block h-3 w-3 bg-brand" />
          {t("stats.answered")}
        </span>
        <span>
          <span aria-hidden="true" className="mr-1 inline-block h-3 w-3 bg-green-600" />
          {t("stats.right")}
        </span>
      </figcaption>
      <Table className="sr-only">
        <thead>
          <tr>
            <th scope="col" />
            <th scope="col">{t("stats.answered")}</th>
            <th scope="col">{t("stats.right")}</th>
          </tr>
        </thead>
        <tbody>
          {buckets.map((b) => (
            <tr key={b.label}>
              <th scope="row">{b.label}</th>
              <td>{b.answered}</td>
              <td>{b.right}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </figure>
  );
}
