// STUB — owned by the edit-page helper; replaced by the real page.
/** /patient-protocols/:id and /patient-protocols/edit/:id (spec 2 §2). */
export function ProtocolEditPage() {
  return null;
}
