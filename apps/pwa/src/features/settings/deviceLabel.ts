import { sessionsDe } from '../../i18n/sessions.de';

/**
 * "Browser auf System" from a User-Agent, for the list of signed-in devices. Rough on purpose:
 * enough to tell the tablet from the laptop; the order matters (Edge and Chrome both say "Chrome",
 * Android says "Linux", iPadOS may say "Macintosh").
 */
const browsers: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/(OPR|Opera)\//, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const systems: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPad/, 'iPad'],
  [/iPhone/, 'iPhone'],
  [/Windows/, 'Windows'],
  [/CrOS/, 'ChromeOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

export function describeUserAgent(userAgent: string | null): string {
  if (!userAgent) return sessionsDe.unknownDevice;
  const browser = browsers.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = systems.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} auf ${system}`;
  return browser ?? system ?? sessionsDe.unknownDevice;
}
