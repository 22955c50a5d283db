// STUB — owned by the treatment-editor helper; replaced by the real editor.
import type { ProtocolView } from '../../../data/repositories/protocols';

export interface TreatmentEditorProps {
  view: ProtocolView;
  editable: boolean;
}

/** The treatment documentation editor of the Behandlung tab (spec 2 §2, §4). */
export function TreatmentEditor(_props: TreatmentEditorProps) {
  return null;
}
