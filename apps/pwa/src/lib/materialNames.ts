import { useMemo } from 'react';
import { minorTreatmentsDe } from '../i18n/minorTreatments.de';

type Named<T> = Omit<T, 'name'> & { name: string };

/** Names a material missing from the local catalogue (src/data leaves its name null) 'Material <id>'. */
export function materialName(name: string | null, materialId: number): string {
  return name ?? minorTreatmentsDe.usage.unknownMaterial(materialId);
}

/** The rows with every material named (see materialName); `idKey` is the field holding the material's id. */
export function useMaterialNames<T extends { name: string | null }, K extends keyof T>(rows: readonly T[] | undefined, idKey: K & (T[K] extends number ? K : never)): Named<T>[] | undefined {
  return useMemo(() => rows?.map((row) => ({ ...row, name: materialName(row.name, row[idKey] as number) })), [rows, idKey]);
}
