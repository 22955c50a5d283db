/**
 * A label table's entry for a code, or undefined. The tables' types list every code this app knows,
 * but a code can come from a newer server or another app version (access log actions, archived
 * fields, vital parameters), so the caller keeps a fallback for a code without a label.
 */
export function labelOf(labels: Readonly<Partial<Record<string, string>>>, code: string): string | undefined {
  return labels[code];
}
