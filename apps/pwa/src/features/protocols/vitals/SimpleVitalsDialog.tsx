// STUB — owned by the vitals helper; replaced by the real dialog.
export interface SimpleVitalsDialogProps {
  protocolId: string;
  opened: boolean;
  onClose: () => void;
}

/** 'Vitalparameter erfassen' (spec 2 §2, simple form). */
export function SimpleVitalsDialog(_props: SimpleVitalsDialogProps) {
  return null;
}
