// STUB — owned by the vitals helper; replaced by the real dialog.
export interface RichVitalsDialogProps {
  protocolId: string;
  opened: boolean;
  onClose: () => void;
}

/** 'Neue Vitalparameter-Messung' (spec 2 §2, rich form). */
export function RichVitalsDialog(_props: RichVitalsDialogProps) {
  return null;
}
