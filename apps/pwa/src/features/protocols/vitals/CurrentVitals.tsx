// STUB — owned by the vitals helper; replaced by the real sidebar block.
import type { ProtocolView } from '../../../data/repositories/protocols';

/** Sidebar of the edit page: the latest value of each parameter, coloured (spec 2 §2, §9). */
export function CurrentVitals(_props: { view: ProtocolView }) {
  return null;
}
