/**
 * How many runs a fuzzer or property test makes. Every run of the suite (`npm test`, CI) takes the
 * quick count: fast-check draws a new seed each time, so successive runs still cover new inputs.
 * `pnpm test:deep` (TEST_DEEP=1) takes the full count, for a machine with time to spare
 * (docs/architecture.md "Build and run"). An explicit variable (`FUZZ_RUNS=…`) wins over both.
 */
export function runCount(variable: string, counts: { quick: number; deep: number }): number {
  const explicit = process.env[variable];
  if (explicit !== undefined && explicit !== '') return Number(explicit);
  return process.env.TEST_DEEP === '1' ? counts.deep : counts.quick;
}
