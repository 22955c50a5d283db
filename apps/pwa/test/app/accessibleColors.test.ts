import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { accessibleColorVariables, contrastRatio, minimumContrast } from '../../src/app/accessibleColors';
import { theme } from '../../src/app/theme';

const merged = mergeMantineTheme(DEFAULT_THEME, theme);
const light = accessibleColorVariables(merged).light;
const white = '#ffffff';

describe('accessible colour variables of the light scheme', () => {
  it.each(Object.keys(merged.colors))('%s: text, outline and filled buttons reach 4.5 : 1', (name) => {
    const shades = merged.colors[name] ?? [];
    const text = light[`--mantine-color-${name}-text`] ?? '';
    for (const background of [white, '#f8f9fa', '#f1f3f5']) expect(contrastRatio(text, background)).toBeGreaterThanOrEqual(minimumContrast);
    expect(light[`--mantine-color-${name}-outline`]).toBe(text);
    expect(contrastRatio(light[`--mantine-color-${name}-filled`] ?? '', white)).toBeGreaterThanOrEqual(minimumContrast);
    const lightColor = light[`--mantine-color-${name}-light-color`] ?? '';
    expect(contrastRatio(lightColor, shades[1] ?? '')).toBeGreaterThanOrEqual(minimumContrast);
    expect(contrastRatio(lightColor, shades[2] ?? '')).toBeGreaterThanOrEqual(minimumContrast);
  });

  it('keeps the safety green of the app icon for filled buttons and darkens only what fails', () => {
    expect(light['--mantine-color-sani-filled']).toBe('#008542');
    expect(light['--mantine-color-red-filled']).toBe(merged.colors.red[8]);
    expect(light['--mantine-color-blue-text']).toBe(merged.colors.blue[8]);
    expect(light['--mantine-color-gray-light-color']).toBe(merged.colors.gray[9]);
  });

  it('darkens dimmed text, error messages and links', () => {
    expect(light['--mantine-color-dimmed']).toBe('var(--mantine-color-gray-7)');
    expect(light['--mantine-color-error']).toBe(light['--mantine-color-red-text']);
    expect(light['--mantine-color-anchor']).toBe(light['--mantine-color-sani-text']);
    expect(contrastRatio(light['--mantine-color-error'] ?? '', white)).toBeGreaterThanOrEqual(minimumContrast);
  });
});
