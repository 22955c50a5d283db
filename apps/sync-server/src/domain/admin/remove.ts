import { adminMessages } from '@sanidok/schema';
import { constraintViolation } from '../../db/constraintErrors';
import { AppError, conflict } from '../errors';
import type { PatientRecordCounts } from './patientRecords';

/** A foreign key without cascade (a table added later) answers 409 instead of a 500. */
export async function deleteOrExplain(work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (constraintViolation(error) === 'foreignKey') {
      throw conflict(adminMessages.stillReferenced);
    }
    throw error;
  }
}

/**
 * Patient documentation is never lost by one click: while an organisation or service holds any,
 * its exact name must be typed (`confirmName`), else 409 CONFIRMATION_REQUIRED with the counts.
 */
export function assertDeletionConfirmed(name: string, counts: PatientRecordCounts, confirmName: string | null | undefined): void {
  if (counts.patientRecords === 0) return;
  if (confirmName?.trim() === name.trim()) return;
  const message = adminMessages.confirmName(name);
  throw new AppError(409, 'CONFIRMATION_REQUIRED', message, { confirmName: message });
}
