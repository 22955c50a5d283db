import { Box, Text, VisuallyHidden } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';

export interface Bar {
  label: string;
  value: number;
}

const height = 180;
const margin = { top: 18, right: 8, bottom: 30, left: 8 };
/** Axis and value labels in CSS pixels, as the vitals charts draw them (features/protocols/vitals/VitalsChart.tsx). */
const fontSize = 13;

/**
 * A small dependency-free SVG bar chart, drawn like the vitals charts (no chart library: the
 * bundle stays small for tablets, docs/decisions.md "Charts without a library"). Each bar carries
 * its value; labels thin out when they would collide. Screen readers get the values as a hidden list.
 */
export function BarChart({ title, bars }: { title: string; bars: readonly Bar[] }) {
  const { ref, width: measured } = useElementSize<HTMLDivElement>();
  const width = measured > 0 ? Math.round(measured) : 480;
  const max = Math.max(1, ...bars.map((b) => b.value));
  const slot = (width - margin.left - margin.right) / Math.max(1, bars.length);
  // A label needs about 6 characters' room; show every n-th so they never overlap.
  const every = Math.max(1, Math.ceil((fontSize * 4) / slot));
  return (
    <Box ref={ref} component="figure" m={0}>
      <Text component="figcaption" fw={600} mb={4}>
        {title}
      </Text>
      <svg width={width} height={height} role="img" aria-label={title} style={{ display: 'block' }}>
        <line x1={margin.left} x2={width - margin.right} y1={height - margin.bottom} y2={height - margin.bottom} stroke="var(--mantine-color-gray-6)" />
        {bars.map((bar, i) => {
          const h = ((height - margin.top - margin.bottom) * bar.value) / max;
          const x = margin.left + i * slot;
          return (
            <g key={bar.label}>
              {bar.value > 0 && <rect x={x + slot * 0.15} y={height - margin.bottom - h} width={slot * 0.7} height={h} fill="var(--mantine-color-green-8)" />}
              {bar.value > 0 && (
                <text x={x + slot / 2} y={height - margin.bottom - h - 4} textAnchor="middle" fontSize={fontSize} fill="var(--mantine-color-text)">
                  {bar.value}
                </text>
              )}
              {i % every === 0 && (
                <text x={x + slot / 2} y={height - margin.bottom + fontSize + 4} textAnchor="middle" fontSize={fontSize} fill="var(--mantine-color-text)">
                  {bar.label}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <VisuallyHidden>
        <ul>
          {bars.map((bar) => (
            <li key={bar.label}>{`${bar.label}: ${bar.value}`}</li>
          ))}
        </ul>
      </VisuallyHidden>
    </Box>
  );
}
