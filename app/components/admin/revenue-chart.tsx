import { useT } from "~/i18n/use-t";
import { formatPrice, type Currency } from "~/utils/money";

export interface RevenuePoint {
  day: string;
  EUR: number;
  CHF: number;
}

const WIDTH = 720;
const HEIGHT = 260;
const PAD = { top: 16, right: 16, bottom: 40, left: 72 };

/** A round upper bound for the axis: 1, 2 or 5 times a power of ten (in cents). */
function niceMax(value: number): number {
  if (value <= 0) return 10_000;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

/**
 * Revenue per day as an SVG bar chart drawn on the server (no JavaScript): one bar pair per day
 * (EUR, CHF), labelled axes, and the same numbers as a table for screen readers and for reading.
 */
export function RevenueChart({ days }: { days: RevenuePoint[] }) {
  const { t } = useT();
  const max = niceMax(Math.max(0, ...days.flatMap((day) => [day.EUR, day.CHF])));
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const slot = innerW / Math.max(1, days.length);
  const bar = Math.max(1, slot / 2 - 1);
  const y = (cents: number) => PAD.top + innerH - (cents / max) * innerH;
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((share) => Math.round(max * share));
  const series: Array<{ currency: Currency; color: string }> = [
    { currency: "EUR", color: "#174ca8" },
    { currency: "CHF", color: "#c2410c" },
  ];
  const hasRevenue = days.some((day) => day.EUR > 0 || day.CHF > 0);
  return (
    <figure className="card p-4" data-testid="revenue-chart">
      <figcaption className="mb-2 font-semibold">{t("admin.reports.revenueTitle")}</figcaption>
      <div className="mb-2 flex gap-4 text-sm" aria-hidden="true">
        {series.map((s) => (
          <span key={s.currency} className="flex items-center gap-1">
            <span className="inline-block h-3 w-3 rounded-sm" style={{ background: s.color }} />
            {s.currency}
          </span>
        ))}
      </div>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full" role="img" aria-labelledby="revenue-chart-desc" direction="ltr">
        <desc id="revenue-chart-desc">{t("admin.reports.chartLabel")}</desc>
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} stroke="#e2e8f0" />
            <text x={PAD.left - 6} y={y(tick) + 4} textAnchor="end" fontSize="11" fill="#475569">
              {String(Math.round(tick / 100))}
            </text>
          </g>
        ))}
        {days.map((day, index) => {
          const x = PAD.left + index * slot;
          return (
            <g key={day.day}>
              {series.map((s, i) => {
                const value = day[s.currency];
                if (value <= 0) return null;
                return <rect key={s.currency} x={x + i * (bar + 1)} y={y(value)} width={bar} height={PAD.top + innerH - y(value)} fill={s.color} />;
              })}
              {index % 5 === 0 || index === days.length - 1 ? (
                <text x={x + slot / 2} y={HEIGHT - PAD.bottom + 16} textAnchor="middle" fontSize="11" fill="#475569">
                  {day.day.slice(5)}
                </text>
              ) : null}
            </g>
          );
        })}
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={PAD.top + innerH} y2={PAD.top + innerH} stroke="#94a3b8" />
        <text x={PAD.left + innerW / 2} y={HEIGHT - 4} textAnchor="middle" fontSize="12" fill="#334155">
          {t("admin.reports.axisDay")}
        </text>
        <text x={14} y={PAD.top + innerH / 2} textAnchor="middle" fontSize="12" fill="#334155" transform={`rotate(-90 14 ${PAD.top + innerH / 2})`}>
          {t("admin.reports.axisRevenue")}
        </text>
      </svg>
      {hasRevenue ? null : <p className="mt-2 text-sm text-slate-600">{t("admin.reports.noRevenue")}</p>}
      <details className="mt-3">
        <summary className="cursor-pointer text-sm font-semibold text-brand-700">{t("admin.reports.showTable")}</summary>
        <table className="mt-2 w-full text-sm" data-testid="revenue-table">
          <caption className="sr-only">{t("admin.reports.revenueTitle")}</caption>
          <thead>
            <tr className="text-start">
              <th scope="col" className="py-1 text-start">{t("admin.reports.day")}</th>
              <th scope="col" className="py-1 text-end">EUR</th>
              <th scope="col" className="py-1 text-end">CHF</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.day} className="border-t border-slate-100">
                <th scope="row" className="py-1 text-start font-normal" dir="ltr">{day.day}</th>
                <td className="py-1 text-end" dir="ltr">{formatPrice(day.EUR, "EUR")}</td>
                <td className="py-1 text-end" dir="ltr">{formatPrice(day.CHF, "CHF")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
