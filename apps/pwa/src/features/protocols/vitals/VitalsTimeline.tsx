// STUB — owned by the vitals helper; replaced by the real timeline.
import type { ProtocolView } from '../../../data/repositories/protocols';

export interface VitalsTimelineProps {
  view: ProtocolView;
  /** false once discharged: no new measurements. */
  editable: boolean;
}

/** The timeline with count, 'Neue Messung', filter chips, legend, disclaimer, chart (spec 2 §2). */
export function VitalsTimeline(_props: VitalsTimelineProps) {
  return null;
}
