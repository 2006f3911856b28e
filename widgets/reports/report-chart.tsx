import { useEffect, useRef } from 'react';
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  DoughnutController,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PieController,
  PointElement,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js';
import { formatDate } from '../../shared/format';
import type { ChartPoint, ReportChart } from '../../shared/schemas/reports';

// Only what the report charts draw: chart.js tree-shakes the rest away.
Chart.register(BarController, BarElement, LineController, LineElement, PointElement, PieController, DoughnutController, ArcElement, CategoryScale, LinearScale, Filler, Legend, Tooltip);

/** A chart with nothing to draw under the filters (the kit's empty text). */
export const CHART_EMPTY = 'No rows found';

const PALETTE = ['#2f6f9f', '#e07b39', '#3f9e6e', '#c94f6d', '#7d5ba6', '#c9a227', '#4aa3b5', '#8c6d46', '#5c6b7a', '#b5487f'];

/** Percentages in chart labels are rounded to 2 decimals (spec 002 section 9). */
export const percent = (value: number, total: number) => (total ? `${(Math.round((value / total) * 10000) / 100).toFixed(2)}%` : '0.00%');

/** The labels and values a chart shows: nulls dropped unless shown (as its null text), time-series days as dates. */
export function chartSeries(chart: ReportChart, points: ChartPoint[]): { labels: string[]; values: number[] } {
  const kept = points.filter((p) => p.x !== null || chart.showNulls);
  return {
    labels: kept.map((p) => (p.x === null ? chart.nullText ?? 'None' : chart.isTimeSeries ? formatDate(String(p.x)) : String(p.x))),
    values: kept.map((p) => p.value),
  };
}

function tickText(format: ReportChart['yTickFormat'], value: number): string {
  if (format === 'percent') return `${value}%`;
  if (format === 'decimal') return value.toFixed(2);
  return String(value);
}

function configuration(chart: ReportChart, points: ChartPoint[]): ChartConfiguration {
  const { labels, values } = chartSeries(chart, points);
  const round = chart.type === 'pie' || chart.type === 'doughnut';
  const total = values.reduce((a, b) => a + b, 0);
  return {
    type: chart.type,
    data: {
      labels,
      datasets: [
        {
          label: chart.title,
          data: values,
          backgroundColor: round ? labels.map((_, i) => PALETTE[i % PALETTE.length]) : chart.type === 'line' ? `${PALETTE[0]}33` : PALETTE[0],
          borderColor: round ? '#fff' : PALETTE[0],
          // One whole slice has no neighbour to set apart: a border would only draw a seam.
          borderWidth: round && labels.length < 2 ? 0 : undefined,
          fill: chart.type === 'line' ? Boolean(chart.isFilledLine) : undefined,
        },
      ],
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      plugins: {
        legend: { display: chart.legend ?? round, position: chart.legendPosition ?? 'top' },
        tooltip: {
          callbacks: {
            label: (item) => {
              const value = Number(item.raw);
              return chart.showPercentage ? `${item.label}: ${value} (${percent(value, total)})` : `${item.label}: ${value}`;
            },
          },
        },
      },
      scales: round
        ? {}
        : {
            x: { stacked: Boolean(chart.isStacked) },
            y: {
              stacked: Boolean(chart.isStacked),
              beginAtZero: true,
              min: chart.yTickMin ?? undefined,
              max: chart.yTickMax ?? undefined,
              ticks: { precision: chart.yTickFormat === 'decimal' ? 2 : 0, callback: (v) => tickText(chart.yTickFormat, Number(v)) },
            },
          },
    },
  };
}

/** One report chart drawn with chart.js; loaded only when a report with charts is shown. */
export function ReportChartCanvas({ chart, points }: { chart: ReportChart; points: ChartPoint[] }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const { labels, values } = chartSeries(chart, points);
  const empty = labels.length === 0;
  useEffect(() => {
    if (empty) return undefined;
    const drawn = new Chart(canvas.current!, configuration(chart, points));
    return () => drawn.destroy();
  }, [chart, points, empty]);
  if (empty) return <p className="load-state load-state-empty">{CHART_EMPTY}</p>;
  return (
    <div className="chart-canvas">
      <canvas ref={canvas} role="img" aria-label={`${chart.title}: ${labels.map((l, i) => `${l} ${values[i]}`).join(', ') || 'no data'}`} />
    </div>
  );
}
