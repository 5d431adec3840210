import {
  dashboardMessages,
  displayMessages,
  formatMoney,
  formatMoneyCompact,
  formatNumber,
  truncateText,
} from '@lm/domain';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DownloadIcon from '@mui/icons-material/Download';
import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { BarRowsDialog, type OpenBar } from './bar-rows-dialog';
import { chartCsv, downloadCsv } from './chart-csv';
import { type GraphSource, graphQuery } from './dashboard-api';
import {
  bucketLabel,
  drillDown,
  drillUp,
  type GraphSeries,
  type GraphView,
  levelLabels,
  readView,
  seriesData,
  viewCaption,
  writeView,
} from './graph-view';

/** What the measure radio chooses: money totals or the number of rows behind them. */
export type Measure = 'amount' | 'count';

/** Axis labels are cut at 20 characters (spec core §9). */
export const chartLabelMax = 20;
/** Chart size of spec core §9 (700 wide; the height leaves room for the axis). */
const chartHeightPx = 320;

export interface IntervalGraphProps {
  /** The URL search parameter holding this graph's view (`g.paid=month.2024-07-01.12`). */
  id: string;
  title: string;
  source: GraphSource;
  defaultView: GraphView;
  series: readonly GraphSeries[];
  measure: Measure;
  accountId: number | null;
  disclaimer?: string;
}

/**
 * One interval graph (spec core §2.4): bars per Yearly, Monthly, Weekly or Daily bucket; a click
 * on a bucket drills down (on a Daily bar it opens the rows behind it), Drill Up goes back,
 * Refresh reloads, the legend hides or shows a series, Download CSV saves what is shown, and
 * "Rows of" opens the rows behind any bar. The view lives in the URL, so it can be shared.
 */
export function IntervalGraph({
  id,
  title,
  source,
  defaultView,
  series,
  measure,
  accountId,
  disclaimer,
}: IntervalGraphProps) {
  const [params, setParams] = useSearchParams();
  const paramName = `g.${id}`;
  const viewText = params.get(paramName);
  const view = readView(viewText) ?? defaultView;
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const [openBar, setOpenBar] = useState<OpenBar | null>(null);
  const { data, isPending, isFetching, isError, refetch } = useQuery(graphQuery(source, view, accountId));

  const setView = (next: GraphView | null) => {
    if (!next) return;
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (writeView(next) === writeView(defaultView)) updated.delete(paramName);
        else updated.set(paramName, writeView(next));
        return updated;
      },
      { replace: false },
    );
  };

  const shownSeries: readonly GraphSeries[] =
    measure === 'count'
      ? [{ id: 'count', label: 'Count', field: 'count', color: series[0]?.color ?? '#1976d2' }]
      : series;
  const { keys, values, counts } = useMemo(() => seriesData(view, data ?? [], series), [view, data, series]);
  const labels = keys.map((key) => truncateText(bucketLabel(key, view.level), chartLabelMax));
  const valuesOf = (s: GraphSeries) => (s.id === 'count' ? counts : (values[s.id] ?? []));
  const visible = shownSeries.filter((s) => !hidden.has(s.id));
  // every bar of the period is zero (an investor with nothing paid yet): said in words, not left
  // as an empty axis; the axis stays, so a click on a period still drills into it
  const nothingToShow = !isPending && visible.every((s) => valuesOf(s).every((value) => !value));
  const format = (value: number | null) =>
    value === null ? '' : measure === 'count' ? formatNumber(value) : formatMoney(value);
  const up = drillUp(view);
  const headingId = `graph-${id}-title`;

  const toggle = (seriesId: string) =>
    setHidden((current) => {
      const next = new Set(current);
      if (next.has(seriesId)) next.delete(seriesId);
      else next.add(seriesId);
      return next;
    });

  const download = () =>
    downloadCsv(
      `${title} ${levelLabels[view.level]} ${view.start}`,
      chartCsv(
        levelLabels[view.level],
        keys.map((key) => bucketLabel(key, view.level)),
        visible.map((s) => ({ header: s.label, values: valuesOf(s) })),
      ),
    );

  return (
    <Card variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby={headingId} data-testid={`graph-${id}`}>
      <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1 }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="h6" component="h2" id={headingId}>
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid={`graph-${id}-caption`}>
            {levelLabels[view.level]}: {viewCaption(view)}
          </Typography>
        </Box>
        <Button
          size="small"
          sx={{ flexShrink: 0, mt: 0.5 }}
          startIcon={<ArrowUpwardIcon />}
          onClick={() => setView(up)}
          disabled={!up}
          aria-label={`Drill up ${title}`}
        >
          Drill Up
        </Button>
        <Tooltip title="Refresh">
          <IconButton aria-label={`Refresh ${title}`} onClick={() => void refetch()} disabled={isFetching}>
            <RefreshIcon />
          </IconButton>
        </Tooltip>
        <Tooltip title="Download CSV">
          <span>
            <IconButton aria-label={`Download ${title} as CSV`} onClick={download} disabled={isPending}>
              <DownloadIcon />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
      {disclaimer && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
          {disclaimer}
        </Typography>
      )}
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mt: 1 }}>
        <Stack
          direction="row"
          sx={{ gap: 1, flexWrap: 'wrap', flexGrow: 1 }}
          role="group"
          aria-label={`${title} legend`}
        >
          {shownSeries.map((s) => {
            const on = !hidden.has(s.id);
            return (
              <Button
                key={s.id}
                size="small"
                variant="text"
                aria-pressed={on}
                onClick={() => toggle(s.id)}
                sx={{
                  color: 'text.primary',
                  textTransform: 'none',
                  textDecoration: on ? 'none' : 'line-through',
                  opacity: on ? 1 : 0.6,
                }}
                startIcon={
                  <Box
                    component="span"
                    sx={{ width: 12, height: 12, borderRadius: '2px', bgcolor: on ? s.color : 'grey.400' }}
                  />
                }
              >
                {s.label}
              </Button>
            );
          })}
        </Stack>
        {view.level !== 'day' && (
          <TextField
            select
            size="small"
            label="Drill down"
            value=""
            onChange={(event) => setView(drillDown(view, event.target.value))}
            sx={{ width: 150, flexShrink: 0 }}
            data-testid={`graph-${id}-drill`}
          >
            {keys.map((key) => (
              <MenuItem key={key} value={key}>
                {bucketLabel(key, view.level)}
              </MenuItem>
            ))}
          </TextField>
        )}
        <TextField
          select
          size="small"
          label="Rows of"
          value=""
          onChange={(event) => setOpenBar({ view, key: event.target.value })}
          sx={{ width: 150, flexShrink: 0 }}
          data-testid={`graph-${id}-rows`}
        >
          {keys.map((key, index) => (
            <MenuItem key={key} value={key}>
              {bucketLabel(key, view.level)} ({formatNumber(counts[index] ?? 0)})
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {viewText !== null && readView(viewText) === null && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {dashboardMessages.periodNotFound}
        </Alert>
      )}
      {isError ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          The graph could not be loaded.
        </Alert>
      ) : (
        <Box
          sx={{ width: '100%', maxWidth: 700, mx: 'auto', position: 'relative' }}
          data-testid={`graph-${id}-chart`}
          data-level={view.level}
        >
          {nothingToShow && (
            <Typography
              color="text.secondary"
              data-testid={`graph-${id}-empty`}
              sx={{ position: 'absolute', top: '40%', left: 0, right: 0, textAlign: 'center', pointerEvents: 'none' }}
            >
              {displayMessages.noData}
            </Typography>
          )}
          <BarChart
            height={chartHeightPx}
            loading={isPending}
            hideLegend
            xAxis={[{ scaleType: 'band', data: labels, tickLabelStyle: { fontSize: 11 } }]}
            yAxis={[
              {
                valueFormatter: (value: number) =>
                  measure === 'count' ? formatNumber(value) : formatMoneyCompact(value),
                tickNumber: 6,
                // counts are whole: no 0.2 ticks that would read as 0
                ...(measure === 'count' ? { tickMinStep: 1 } : {}),
                width: 64,
              },
            ]}
            series={visible.map((s) => ({
              id: s.id,
              label: s.label,
              data: valuesOf(s),
              color: s.color,
              stack: 'total',
              valueFormatter: format,
            }))}
            onAxisClick={(_event, axis) => {
              const index = axis?.dataIndex;
              const key = index === undefined ? undefined : keys[index];
              if (!key) return;
              // a Daily bar has nothing below it: it opens its rows
              if (view.level === 'day') setOpenBar({ view, key });
              else setView(drillDown(view, key));
            }}
            margin={{ left: 8, right: 8 }}
          />
        </Box>
      )}
      {openBar && (
        <BarRowsDialog
          title={title}
          source={source}
          bar={openBar}
          accountId={accountId}
          onClose={() => setOpenBar(null)}
        />
      )}
    </Card>
  );
}
