import type { CSSVariablesResolver, MantineTheme } from '@mantine/core';
import { darken, getPrimaryShade, luminance } from '@mantine/core';

/** WCAG 2.1 AA for normal text (1.4.3): status badges and hints are small, so no large-text bonus. */
export const minimumContrast = 4.5;
const white = '#ffffff';
/** The lightest grey surfaces text sits on (gray-0 inputs and panels, gray-1 landing sections). */
const greySurfaces = ['#f8f9fa', '#f1f3f5'];

export function contrastRatio(first: string, second: string): number {
  const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/**
 * The first shade from `from` on that reads on every one of `backgrounds`; when even shade 9 does
 * not (green, orange, yellow …), shade 9 darkened step by step until it does.
 */
export function readableShade(shades: readonly string[], backgrounds: readonly string[], from: number): string {
  const readable = (colour: string) => backgrounds.every((background) => contrastRatio(colour, background) >= minimumContrast);
  const found = shades.slice(from).find(readable);
  if (found) return found;
  const darkest = shades[shades.length - 1] ?? '#000000';
  for (let amount = 0.05; amount < 1; amount += 0.05) {
    const darker = darken(darkest, amount);
    if (readable(darker)) return darker;
  }
  return '#000000';
}

/**
 * Mantine's light scheme writes several palette colours with too little contrast for WCAG AA:
 * red-6 errors and white on red-6 buttons (3.3 : 1), green-9 on green-1 badges (3.8 : 1), yellow
 * and orange text, and the dimmed grey (gray-6, 3.3 : 1). Medics read the screens outdoors on a
 * tablet, so for every colour the text, outline, filled and light-badge variables get the first
 * shade (or a darkened shade 9) that reaches 4.5 : 1. Colours that already pass keep their shade,
 * the app's green among them for filled buttons. The app has only the light scheme.
 */
export const accessibleColorVariables: CSSVariablesResolver = (theme: MantineTheme) => {
  const primaryShade = getPrimaryShade(theme, 'light');
  const light: Record<string, string> = {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
  };
  for (const [name, shades] of Object.entries(theme.colors)) {
    const filled = readableShade(shades, [white], primaryShade);
    const text = readableShade(shades, [white, ...greySurfaces], primaryShade);
    light[`--mantine-color-${name}-filled`] = filled;
    light[`--mantine-color-${name}-filled-hover`] = darken(filled, 0.12);
    light[`--mantine-color-${name}-text`] = text;
    light[`--mantine-color-${name}-outline`] = text;
    // Light variants put shade 9 on shade 1; keep that look where it reads, darker where not.
    light[`--mantine-color-${name}-light-color`] = readableShade(shades, [shades[1], shades[2]], 9);
  }
  light['--mantine-color-error'] = light['--mantine-color-red-text'] ?? 'var(--mantine-color-red-9)';
  light['--mantine-color-anchor'] = light[`--mantine-color-${theme.primaryColor}-text`] ?? 'var(--mantine-primary-color-filled)';
  return { variables: {}, light, dark: {} };
};
