import {
  type BookShareRow,
  formatMoney,
  formatNumber,
  formatPercent,
  industryTypes,
  type StatisticsRow,
  truncateText,
} from '@lm/domain';
import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { RadarChart } from '@mui/x-charts/RadarChart';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { chartCsv, downloadCsv } from './chart-csv';
import { bookSharesQuery, investmentShareQuery } from './dashboard-api';
import { mapSourceNote, projectStates, stateCodeOf } from './geo';
import { chartLabelMax, type Measure } from './interval-graph';
import { type ShareRow, shareRows } from './shares';

const investorColor = '#1565c0';
const bookColor = '#ef6c00';

function ChartCard({
  id,
  title,
  onDownload,
  children,
  note,
}: {
  id: string;
  title: string;
  onDownload: () => void;
  children: ReactNode;
  note?: string;
}) {
  const headingId = `chart-${id}-title`;
  return (
    <Card
      variant="outlined"
      sx={{ p: 2, height: '100%' }}
      component="section"
      aria-labelledby={headingId}
      data-testid={`chart-${id}`}
    >
      <Stack direction="row" sx={{ alignItems: 'center' }}>
        <Typography variant="h6" component="h2" id={headingId} sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        <Tooltip title="Download CSV">
          <IconButton aria-label={`Download ${title} as CSV`} onClick={onDownload}>
            <DownloadIcon />
          </IconButton>
        </Tooltip>
      </Stack>
      {children}
      {note && (
        <Typography variant="caption" color="text.secondary" component="p">
          {note}
        </Typography>
      )}
    </Card>
  );
}

function valueText(measure: Measure, value: number): string {
  return measure === 'count' ? formatNumber(value) : formatMoney(value);
}

function downloadShares(title: string, header: string, rows: readonly ShareRow[], measure: Measure, withBook: boolean) {
  const columns = [
    { header: measure === 'count' ? 'Investments' : 'Principal Outstanding', values: rows.map((r) => r.value) },
    { header: 'Share %', values: rows.map((r) => r.share.toFixed(2)) },
  ];
  if (withBook) columns.push({ header: 'Whole Book Share %', values: rows.map((r) => (r.bookShare ?? 0).toFixed(2)) });
  downloadCsv(
    title,
    chartCsv(
      header,
      rows.map((r) => r.key),
      columns,
    ),
  );
}

/** 'Investment by Industry': the investor's share per industry beside the whole book's. */
export function IndustryRadar({ measure, accountId }: { measure: Measure; accountId: number | null }) {
  const { data } = useQuery(investmentShareQuery('industryType', accountId));
  const book = useQuery(bookSharesQuery('industryType')).data;
  const rows = useMemo(() => shareRows(industryTypes, data ?? [], measure, book), [data, measure, book]);
  const max = Math.max(10, ...rows.map((r) => Math.max(r.share, r.bookShare ?? 0)));
  const title = 'Investment by Industry';
  return (
    <ChartCard
      id="industry"
      title={title}
      onDownload={() => downloadShares(title, 'Industry', rows, measure, book !== undefined)}
    >
      <Box sx={{ maxWidth: 640, mx: 'auto' }}>
        <RadarChart
          height={380}
          margin={{ left: 110, right: 110, top: 30, bottom: 30 }}
          radar={{
            metrics: rows.map((r) => r.key),
            max: Math.ceil(max / 10) * 10,
            labelFormatter: (name, context) => (context.location === 'tick' ? truncateText(name, chartLabelMax) : name),
          }}
          series={[
            {
              id: 'investor',
              label: 'Your share',
              data: rows.map((r) => r.share),
              color: investorColor,
              fillArea: true,
              valueFormatter: (value, { dataIndex }) => {
                const row = rows[dataIndex];
                return row ? `${formatPercent(value)} (${valueText(measure, row.value)})` : formatPercent(value);
              },
            },
            ...(book
              ? [
                  {
                    id: 'book',
                    label: 'Whole book',
                    data: rows.map((r) => r.bookShare ?? 0),
                    color: bookColor,
                    valueFormatter: (value: number | null) => formatPercent(value),
                  },
                ]
              : []),
          ]}
        />
      </Box>
    </ChartCard>
  );
}

/** 'Investment by State': a map of Australia shaded by the investor's share, with the book's beside. */
export function StateMap({ measure, accountId }: { measure: Measure; accountId: number | null }) {
  const { data } = useQuery(investmentShareQuery('companyState', accountId));
  const book = useQuery(bookSharesQuery('companyState')).data;
  const widthPx = 520;
  const { shapes, height } = useMemo(() => projectStates(widthPx), []);
  const rows = useMemo(() => {
    const normalise = <R extends StatisticsRow | BookShareRow>(list: readonly R[] | undefined) =>
      list?.map((row) => ({ ...row, key: stateCodeOf(row.key, shapes) ?? row.key }));
    return shareRows(
      shapes.map((s) => s.code),
      normalise(data) ?? [],
      measure,
      normalise(book),
    );
  }, [data, measure, book, shapes]);
  const max = Math.max(...rows.map((r) => r.share), 1);
  const title = 'Investment by State';
  return (
    <ChartCard
      id="state"
      title={title}
      note={mapSourceNote}
      onDownload={() => downloadShares(title, 'State', rows, measure, book !== undefined)}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'center' }}>
        <Box sx={{ flex: '1 1 380px', maxWidth: widthPx }}>
          <svg
            viewBox={`0 0 ${widthPx} ${height}`}
            width="100%"
            role="img"
            aria-label={`${title}: ${rows.map((r) => `${r.key} ${formatPercent(r.share)}`).join(', ')}`}
          >
            {shapes.map((shape) => {
              const row = rows.find((r) => r.key === shape.code);
              const share = row?.share ?? 0;
              const tooltip = `${shape.name}: ${formatPercent(share)} (${valueText(measure, row?.value ?? 0)})${
                row?.bookShare !== undefined ? `; whole book ${formatPercent(row.bookShare)}` : ''
              }`;
              return (
                <g key={shape.code}>
                  <title>{tooltip}</title>
                  <path
                    d={shape.path}
                    fill={investorColor}
                    fillOpacity={0.08 + 0.8 * (share / max)}
                    stroke="#fff"
                    strokeWidth={0.8}
                    data-state={shape.code}
                  />
                  {shape.code !== 'ACT' && (
                    <text
                      x={shape.labelX}
                      y={shape.labelY}
                      textAnchor="middle"
                      fontSize={12}
                      fill="#212121"
                      pointerEvents="none"
                    >
                      {shape.code} {formatPercent(share, 0)}
                    </text>
                  )}
                </g>
              );
            })}
          </svg>
        </Box>
        <Box
          component="table"
          sx={{
            flex: '1 1 280px',
            maxWidth: 420,
            borderCollapse: 'collapse',
            fontSize: 13,
            mt: 1,
            '& td, & th': { py: 0.25, px: 1, textAlign: 'right' },
            '& th:first-of-type, & td:first-of-type': { textAlign: 'left' },
          }}
        >
          <caption style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
            {title}
          </caption>
          <thead>
            <tr>
              <th scope="col">State</th>
              <th scope="col">{measure === 'count' ? 'Investments' : 'Principal Outstanding'}</th>
              <th scope="col">Your share</th>
              {book && <th scope="col">Whole book</th>}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <td>{row.key}</td>
                <td>{valueText(measure, row.value)}</td>
                <td>{formatPercent(row.share)}</td>
                {book && <td>{formatPercent(row.bookShare ?? 0)}</td>}
              </tr>
            ))}
          </tbody>
        </Box>
      </Box>
    </ChartCard>
  );
}
