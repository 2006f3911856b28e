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
  type LegendItem,
  type Plugin,
} from 'chart.js';
import { toFont } from 'chart.js/helpers';
import { formatDate } from '../../shared/format';
import type { ChartPoint, ReportChart } from '../../shared/schemas/reports';
import { LoadState } from '../kit/load-state';

// Only what the report charts draw: chart.js tree-shakes the rest away.
Chart.register(BarController, BarElement, LineController, LineElement, PointElement, PieController, DoughnutController, ArcElement, CategoryScale, LinearScale, Filler, Legend, Tooltip);

/** A chart with nothing to draw under the filters (the kit's empty text). */
export const CHART_EMPTY = 'No rows found';

const PALETTE = ['#2f6f9f', '#e07b39', '#3f9e6e', '#c94f6d', '#7d5ba6', '#c9a227', '#4aa3b5', '#8c6d46', '#5c6b7a', '#b5487f'];

/** Percentages in chart labels are rounded to 2 decimals (spec 002 section 9). */
export const percent = (value: number, total: number) => (total ? `${(Math.round((value / total) * 10000) / 100).toFixed(2)}%` : '0.00%');

const labelOf = (chart: ReportChart, x: ChartPoint['x']) => (x === null ? chart.nullText ?? 'None' : chart.isTimeSeries ? formatDate(String(x)) : String(x));

/** The labels and values a chart shows: nulls dropped unless shown (as its null text), time-series days as dates. */
export function chartSeries(chart: ReportChart, points: ChartPoint[]): { labels: string[]; values: number[] } {
  const kept = points.filter((p) => p.x !== null || chart.showNulls);
  return {
    labels: kept.map((p) => labelOf(chart, p.x)),
    values: kept.map((p) => p.value),
  };
}


/**
 * A chart with a series column: the x labels (in the server's order) and one
 * dataset per series value, each with a value per label (0 where the group
 * has no rows). Nulls of x are dropped unless shown, as for one series.
 */
export function chartDatasets(chart: ReportChart, points: ChartPoint[]): { labels: string[]; datasets: { name: string; values: number[] }[] } {
  if (!chart.seriesColumn) {
    const { labels, values } = chartSeries(chart, points);
    return { labels, datasets: [{ name: chart.title, values }] };
  }
  const kept = points.filter((p) => p.x !== null || chart.showNulls);
  const xs = [...new Set(kept.map((p) => p.x))];
  const names = [...new Set(kept.map((p) => p.series ?? null))];
  return {
    labels: xs.map((x) => labelOf(chart, x)),
    datasets: names.map((name) => ({
      name: name === null ? chart.nullText ?? 'None' : String(name),
      values: xs.map((x) => kept.find((p) => p.x === x && (p.series ?? null) === name)?.value ?? 0),
    })),
  };
}

/**
 * A data label's text: the value, or with showPercentage its share in
 * percent (2 decimals) of the slice's whole: the dataset for a pie or
 * doughnut or a single series, the stack (every series at that x) for
 * stacked series.
 */
export function dataLabelText(chart: ReportChart, datasets: number[][], series: number, index: number): string {
  const value = datasets[series][index];
  if (!chart.showPercentage) return chart.yTickFormat === 'decimal' ? value.toFixed(2) : String(value);
  const round = chart.type === 'pie' || chart.type === 'doughnut';
  const total = !round && chart.isStacked && datasets.length > 1 ? datasets.reduce((sum, d) => sum + d[index], 0) : datasets[series].reduce((a, b) => a + b, 0);
  return percent(value, total);
}

/** Draws each element's data label (spec 002: "data labels including percentage") without a plugin package. */
function dataLabels(chart: ReportChart, datasets: number[][]): Plugin {
  return {
    id: 'careDataLabels',
    afterDatasetsDraw(drawn) {
      const { ctx } = drawn;
      ctx.save();
      ctx.font = '600 12px system-ui, sans-serif';
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      drawn.data.datasets.forEach((_, series) => {
        const meta = drawn.getDatasetMeta(series);
        if (meta.hidden) return;
        meta.data.forEach((element, index) => {
          if (!datasets[series]?.[index]) return;
          const { x, y } = element.tooltipPosition(true);
          if (x === null || y === null) return;
          const text = dataLabelText(chart, datasets, series, index);
          const round = chart.type === 'pie' || chart.type === 'doughnut';
          const inside = round || (chart.type === 'bar' && chart.isStacked);
          ctx.fillStyle = inside ? '#fff' : '#1f2933';
          ctx.strokeStyle = inside ? 'rgba(0,0,0,.45)' : '#fff';
          ctx.lineWidth = 3;
          const at = inside ? y : y - 10;
          ctx.strokeText(text, x, at);
          ctx.fillText(text, x, at);
        });
      });
      ctx.restore();
    },
  };
}

type LegendPosition = NonNullable<ReportChart['legendPosition']>;

/**
 * Below this width (the chart's own, not the window's) a legend at the side
 * leaves the plot too little room and its labels are cut at the canvas
 * edge: it moves under the chart instead.
 */
export const SIDE_LEGEND_MIN_WIDTH = 420;
/** The share of the chart's width a side legend's labels may take; longer ones wrap. */
const SIDE_LEGEND_SHARE = 0.35;
/** Lines a side legend's label may wrap onto before it ends in an ellipsis (one under or above the chart, where items stand in rows). */
const SIDE_LEGEND_LINES = 2;
const LEGEND_BOX = 12;
const LEGEND_PADDING = 10;

/** Where a chart's legend goes at a width: as configured, except a side legend under SIDE_LEGEND_MIN_WIDTH goes to the bottom. */
export function legendPosition(chart: ReportChart, width: number): LegendPosition {
  const wanted = chart.legendPosition ?? 'top';
  return (wanted === 'left' || wanted === 'right') && width < SIDE_LEGEND_MIN_WIDTH ? 'bottom' : wanted;
}

/**
 * A label fitted into `maxWidth`: wrapped between words onto at most
 * `maxLines` lines; the last line, or a single word wider than a line, ends
 * in '…' where the rest does not fit. `measure` gives a text's width in the
 * legend's font.
 */
export function fitLabel(text: string, maxWidth: number, measure: (t: string) => number, maxLines: number): string[] {
  const shorten = (line: string) => {
    let cut = line;
    while (cut.length > 1 && measure(`${cut}…`) > maxWidth) cut = cut.slice(0, -1);
    return `${cut.trimEnd()}…`;
  };
  const fit = (t: string) => (measure(t) <= maxWidth ? t : shorten(t));
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let i = 0;
  while (i < words.length) {
    // The last line takes whatever is left.
    if (lines.length === maxLines - 1) {
      lines.push(fit(words.slice(i).join(' ')));
      break;
    }
    let line = words[i++];
    while (i < words.length && measure(`${line} ${words[i]}`) <= maxWidth) line = `${line} ${words[i++]}`;
    lines.push(fit(line));
  }
  return lines.length ? lines : [text];
}

/** A legend item whose text was fitted keeps the whole label for its tooltip. */
type FittedLegendItem = LegendItem & { fullText?: string };

type LegendConfiguration = NonNullable<NonNullable<ChartConfiguration['options']>['plugins']>['legend'];

/**
 * The legend's options: its place for the chart's width, and labels fitted
 * to the room they have (wrapped at the side, shortened in rows) with the
 * whole label as the canvas's tooltip while the pointer is on the item.
 */
function legendOptions(chart: ReportChart, width: number, show: boolean): LegendConfiguration {
  return {
    display: show,
    position: legendPosition(chart, width),
    onHover: (_event, item, legend) => {
      legend.chart.canvas.title = (item as FittedLegendItem).fullText ?? '';
    },
    onLeave: (_event, _item, legend) => {
      legend.chart.canvas.title = '';
    },
    labels: {
      boxWidth: LEGEND_BOX,
      padding: LEGEND_PADDING,
      generateLabels: (drawn) => {
        // Pie and doughnut legends name the slices: their own generator, else the datasets'.
        const own = Chart.overrides[chart.type]?.plugins?.legend?.labels?.generateLabels;
        const items: FittedLegendItem[] = (own ?? Chart.defaults.plugins.legend.labels.generateLabels)(drawn);
        const options = drawn.options.plugins?.legend;
        const side = options?.position === 'left' || options?.position === 'right';
        const font = toFont(options?.labels?.font as Parameters<typeof toFont>[0]);
        const fontSize = font.size ?? 12;
        // The width the layout gives the legend (chart.js sets it before asking for the labels): at the side a share of the chart, less beside an axis.
        const given = (drawn as Chart & { legend?: { maxWidth?: number } }).legend?.maxWidth ?? drawn.width;
        const room = Math.min(side ? drawn.width * SIDE_LEGEND_SHARE : drawn.width, given) - LEGEND_BOX - fontSize / 2 - 2 * LEGEND_PADDING;
        const { ctx } = drawn;
        ctx.save();
        ctx.font = font.string;
        const measure = (t: string) => ctx.measureText(t).width;
        for (const item of items) {
          const lines = fitLabel(item.text, Math.max(room, 40), measure, side ? SIDE_LEGEND_LINES : 1);
          if (lines.join(' ') !== item.text) item.fullText = item.text;
          // chart.js draws a list of lines in a column legend (left, right); rows take one line.
          item.text = (lines.length > 1 ? lines : lines[0]) as string;
        }
        ctx.restore();
        return items;
      },
    },
  };
}

function tickText(format: ReportChart['yTickFormat'], value: number): string {
  if (format === 'percent') return `${value}%`;
  if (format === 'decimal') return value.toFixed(2);
  return String(value);
}

function configuration(chart: ReportChart, points: ChartPoint[], width: number): ChartConfiguration {
  const { labels, datasets } = chartDatasets(chart, points);
  const round = chart.type === 'pie' || chart.type === 'doughnut';
  const several = datasets.length > 1;
  const values = datasets.map((d) => d.values);
  return {
    type: chart.type,
    plugins: chart.showDataLabels ? [dataLabels(chart, values)] : [],
    data: {
      labels,
      datasets: datasets.map((d, n) => {
        const colour = PALETTE[n % PALETTE.length];
        return {
          label: d.name,
          data: d.values,
          backgroundColor: round ? labels.map((_, i) => PALETTE[i % PALETTE.length]) : chart.type === 'line' && !several ? `${colour}33` : colour,
          borderColor: round ? '#fff' : colour,
          // One whole slice has no neighbour to set apart: a border would only draw a seam.
          borderWidth: round && labels.length < 2 ? 0 : undefined,
          fill: chart.type === 'line' ? Boolean(chart.isFilledLine) : undefined,
          // Stacked series share one stack; others stand side by side.
          stack: chart.isStacked ? 'all' : undefined,
        };
      }),
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      // chart.js already watches the container's size (responsive): a narrower chart moves a side legend under the plot before it is laid out again.
      onResize: (drawn, size) => {
        const legend = drawn.options.plugins?.legend;
        const position = legendPosition(chart, size.width);
        if (legend && legend.position !== position) legend.position = position;
      },
      // Room above the tallest bar or point for its label.
      layout: { padding: { top: chart.showDataLabels && !round && !chart.isStacked ? 20 : 0 } },
      plugins: {
        legend: legendOptions(chart, width, chart.legend ?? (round || several)),
        tooltip: {
          callbacks: {
            label: (item) => {
              const value = Number(item.raw);
              const name = several ? `${item.dataset.label} · ${item.label}` : item.label;
              return chart.showPercentage ? `${name}: ${value} (${dataLabelText({ ...chart, showPercentage: true }, values, item.datasetIndex, item.dataIndex)})` : `${name}: ${value}`;
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

/** The chart's numbers as text for screen readers: "A 2, B 1", or per series "Done: A 1, B 0; Overdue: …". */
function describe(labels: string[], datasets: { name: string; values: number[] }[]): string {
  const one = (values: number[]) => labels.map((l, i) => `${l} ${values[i]}`).join(', ');
  if (!labels.length) return 'no data';
  return datasets.length === 1 ? one(datasets[0].values) : datasets.map((d) => `${d.name}: ${one(d.values)}`).join('; ');
}

/** One report chart drawn with chart.js; loaded only when a report with charts is shown. */
export function ReportChartCanvas({ chart, points }: { chart: ReportChart; points: ChartPoint[] }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const { labels, datasets } = chartDatasets(chart, points);
  const empty = labels.length === 0;
  useEffect(() => {
    if (empty) return undefined;
    const drawn = new Chart(canvas.current!, configuration(chart, points, canvas.current!.parentElement!.clientWidth));
    return () => drawn.destroy();
  }, [chart, points, empty]);
  if (empty) return <LoadState isEmpty emptyText={CHART_EMPTY} />;
  return (
    <div className="chart-canvas">
      <canvas ref={canvas} role="img" aria-label={`${chart.title}: ${describe(labels, datasets)}`} />
    </div>
  );
}
