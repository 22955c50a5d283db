// STUB — owned by the print helper; replaced by the real panel.
export interface PrintPanelProps {
  protocolId: string;
}

/** 'RTW-Übergabe drucken' and 'Vollständiges Protokoll drucken' (spec 2 §2, §9). */
export function PrintPanel(_props: PrintPanelProps) {
  return null;
}
