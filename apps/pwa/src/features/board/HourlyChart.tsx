import { Box, Text, VisuallyHidden } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { formatTime } from '@sanidok/schema';
import { boardDe } from '../../i18n/board.de';
import type { HourBucket } from './boardModel';

const t = boardDe.minor;
const fallbackWidth = 320;
const margin = { top: 8, right: 8, bottom: 28, left: 32 };

/**
 * Minor treatments per hour as bars: a small dependency-free SVG, as the vital-sign charts
 * (features/protocols/vitals/VitalsChart.tsx). Screen readers get the counts as text.
 */
export function HourlyChart({ buckets, large = false }: { buckets: HourBucket[]; large?: boolean }) {
  const { ref, width: measured } = useElementSize<HTMLElement>();
  const width = measured > 0 ? Math.round(measured) : fallbackWidth;
  const height = large ? 260 : 170;
  const fontSize = large ? 20 : 13;
  const max = Math.max(1, ...buckets.map((b) => b.count));
  const plotWidth = width - margin.left - margin.right;
  const plotHeight = height - margin.top - margin.bottom - (large ? 8 : 0);
  const slot = plotWidth / Math.max(1, buckets.length);
  const labelEvery = Math.max(1, Math.ceil((buckets.length * (large ? 70 : 44)) / plotWidth));
  const rows = buckets.map((b) => t.hour(formatTime(b.hour), b.count)).join(', ');
  return (
    <Box component="figure" m={0} ref={ref} data-testid="board-hourly-chart">
      <svg viewBox={`0 0 ${width} ${height}`} width="100%" height={height} role="img" aria-label={t.summary(rows)} style={{ display: 'block' }}>
        <line x1={margin.left} x2={width - margin.right} y1={margin.top + plotHeight} y2={margin.top + plotHeight} stroke="var(--mantine-color-gray-6)" />
        <text x={margin.left - 6} y={margin.top + fontSize} textAnchor="end" fontSize={fontSize} fill="var(--mantine-color-gray-8)">{max}</text>
        {buckets.map((b, index) => {
          const barHeight = (b.count / max) * plotHeight;
          const x = margin.left + index * slot + slot * 0.15;
          return (
            <g key={b.hour}>
              <rect x={x} width={slot * 0.7} y={margin.top + plotHeight - barHeight} height={barHeight} fill="var(--mantine-color-red-8)" />
              {index % labelEvery === 0 && (
                <text x={x + slot * 0.35} y={height - 8} textAnchor="middle" fontSize={fontSize} fill="var(--mantine-color-gray-8)">{formatTime(b.hour).slice(0, 2)}</text>
              )}
            </g>
          );
        })}
      </svg>
      <VisuallyHidden>
        <Text>{rows}</Text>
      </VisuallyHidden>
    </Box>
  );
}
