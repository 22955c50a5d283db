import { Box, Group, Text, VisuallyHidden } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { formatDateTime, formatTime, vitalParameterLabels, vitalParameterUnits, vitalSeverityColors } from '@sanidok/schema';
import { vitalsDe } from '../../../i18n/vitals.de';
import type { ChartData } from './chartData';
import { linearScale, valueDomain } from './chartData';

const t = vitalsDe.chart;
/** Until the figure is measured (and in jsdom): the fixed width the chart was drawn at before it measured its figure. */
const fallbackWidth = 320;
const height = 170;
const margin = { top: 12, right: 16, bottom: 28, left: 48 };
/** Axis labels in CSS pixels: the drawing takes the figure's measured width, so nothing scales them down (they were about 7 px). */
const axisFontSize = 13;
const lineColors = ['var(--mantine-color-blue-8)', 'var(--mantine-color-violet-8)'];
const number = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1)).replace('.', ',');

/**
 * A small dependency-free SVG line chart of one parameter (blood pressure: systolic and diastolic
 * lines), with the normal range of the age group shaded when it is known. Points take their
 * severity colour. Screen readers get a summary (role img) and the values as a hidden table.
 */
export function VitalsChart({ data }: { data: ChartData }) {
  const { ref, width: measured } = useElementSize<HTMLElement>();
  const width = measured > 0 ? Math.round(measured) : fallbackWidth;
  const label = vitalParameterLabels[data.type];
  const unit = vitalParameterUnits[data.type];
  const times = data.lines.flatMap((line) => line.points.map((p) => p.time));
  const x = linearScale([Math.min(...times), Math.max(...times)], [margin.left, width - margin.right]);
  const [low, high] = valueDomain(data);
  const y = linearScale([low, high], [height - margin.bottom, margin.top]);
  const first = data.rows[0];
  const last = data.rows.at(-1);
  const summary = t.summary(
    unit ? `${label} (${unit})` : label,
    data.rows.map((row) => row.text).join(', '),
    formatDateTime(first?.recordedAt),
    formatDateTime(last?.recordedAt),
  );
  const bandText = data.band ? t.normalRange(number(data.band.min), number(data.band.max)) : null;

  return (
    <Box component="figure" m={0} ref={ref} data-testid={`vitals-chart-${data.type}`}>
      <Group component="figcaption" justify="space-between" gap="xs">
        <Text size="sm" fw={700}>
          {unit ? `${label} (${unit})` : label}
        </Text>
        {bandText && (
          <Text size="xs" c="gray.7">
            {bandText}
          </Text>
        )}
      </Group>
      <svg viewBox={`0 0 ${width} ${height}`} width="100%" role="img" aria-label={bandText ? `${summary}. ${bandText}` : summary} height={height} style={{ display: 'block' }}>
        {data.band && (
          <rect
            data-band
            x={margin.left}
            width={width - margin.left - margin.right}
            y={y(Math.min(data.band.max, high))}
            height={Math.max(0, y(Math.max(data.band.min, low)) - y(Math.min(data.band.max, high)))}
            style={{ fill: 'var(--mantine-color-green-6)', fillOpacity: 0.14 }}
          />
        )}
        <line x1={margin.left} x2={margin.left} y1={margin.top} y2={height - margin.bottom} style={{ stroke: 'var(--mantine-color-gray-6)' }} />
        <line x1={margin.left} x2={width - margin.right} y1={height - margin.bottom} y2={height - margin.bottom} style={{ stroke: 'var(--mantine-color-gray-6)' }} />
        <text x={margin.left - 4} y={margin.top + 8} textAnchor="end" fontSize={axisFontSize} style={{ fill: 'var(--mantine-color-gray-8)' }}>
          {number(high)}
        </text>
        <text x={margin.left - 4} y={height - margin.bottom} textAnchor="end" fontSize={axisFontSize} style={{ fill: 'var(--mantine-color-gray-8)' }}>
          {number(low)}
        </text>
        <text x={margin.left} y={height - 6} fontSize={axisFontSize} style={{ fill: 'var(--mantine-color-gray-8)' }}>
          {formatTime(Math.min(...times))}
        </text>
        {times.length > 1 && (
          <text x={width - margin.right} y={height - 6} textAnchor="end" fontSize={axisFontSize} style={{ fill: 'var(--mantine-color-gray-8)' }}>
            {formatTime(Math.max(...times))}
          </text>
        )}
        {data.lines.map((line, index) => (
          <g key={line.name ?? 'value'} data-line={line.name ?? 'value'}>
            {line.points.length > 1 && (
              <polyline
                points={line.points.map((p) => `${x(p.time)},${y(p.value)}`).join(' ')}
                style={{ fill: 'none', stroke: lineColors[index], strokeWidth: 2, strokeDasharray: index === 1 ? '5 3' : undefined }}
              />
            )}
            {line.points.map((p, pointIndex) => (
              <circle
                key={pointIndex}
                cx={x(p.time)}
                cy={y(p.value)}
                r={4}
                data-severity={p.severity ?? 'none'}
                style={{ fill: p.severity ? `var(--mantine-color-${vitalSeverityColors[p.severity]}-6)` : lineColors[index], stroke: 'var(--mantine-color-black)', strokeWidth: 1 }}
              />
            ))}
          </g>
        ))}
      </svg>
      {data.lines.length > 1 && (
        <Text size="xs" c="gray.7" aria-hidden>
          {`── ${t.systolic}   - - ${t.diastolic}`}
        </Text>
      )}
      <VisuallyHidden>
        <table>
          <caption>{t.tableCaption(label)}</caption>
          <thead>
            <tr>
              <th scope="col">{t.time}</th>
              <th scope="col">{t.value}</th>
            </tr>
          </thead>
          <tbody>
            {data.rows.map((row, index) => (
              <tr key={`${row.recordedAt}-${index}`}>
                <td>{formatDateTime(row.recordedAt)}</td>
                <td>{row.text}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Box>
  );
}
