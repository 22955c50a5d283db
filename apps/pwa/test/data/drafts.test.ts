import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { lockDevice, unlockDevice } from '../../src/data/crypto/deviceKeys';
import type { SaniDokDb } from '../../src/data/db';
import { databaseName } from '../../src/data/db';
import { discardDraft, discardDraftsOf, draftIds, hasUnsavedForms, loadDraft, markUnsaved, saveDraft } from '../../src/data/drafts/draftStore';
import { openTestDb } from '../helpers/sync';

/** Drafts of capture forms (docs/decisions.md "Drafts survive a lock"). Argon2id is cheap here. */
const cheap = { opsLimit: 1, memLimitBytes: 64 * 1024 };
const password = 'Korrekt-Pferd-Batterie-7';
const findings = { symptoms: 'Zacharias Quellenbrunn klagt über Druck auf der Brust' };

async function rawDrafts(db: SaniDokDb): Promise<string> {
  const raw = new Dexie(databaseName(db.userId));
  await raw.open();
  const rows = await raw.table('drafts').toArray();
  raw.close();
  return JSON.stringify(rows);
}

async function unlockedDevice(): Promise<SaniDokDb> {
  const db = openTestDb();
  lockDevice(db);
  await unlockDevice(db, password, cheap);
  return db;
}

describe('Entwürfe der Erfassungsformulare', () => {
  it('liegen verschlüsselt auf dem Gerät und kommen unverändert zurück', async () => {
    const db = await unlockedDevice();
    await saveDraft(db, draftIds.protocol('p1'), findings, 'p1');
    const raw = await rawDrafts(db);
    expect(raw).toContain('protocol:p1');
    expect(raw).not.toContain('Quellenbrunn');
    expect((await loadDraft(db, draftIds.protocol('p1')))?.values).toEqual(findings);
  });

  it('werden auch im gesperrten Zustand gesichert und sind nach dem Entsperren wieder da', async () => {
    const db = await unlockedDevice();
    lockDevice(db);
    await saveDraft(db, draftIds.protocol('p2'), findings, 'p2');
    expect(await rawDrafts(db)).not.toContain('Quellenbrunn');
    expect(await loadDraft(db, draftIds.protocol('p2'))).toBeUndefined();
    await unlockDevice(db, password, cheap);
    expect((await loadDraft(db, draftIds.protocol('p2')))?.values).toEqual(findings);
  });

  it('gehören dem Benutzer: ein zweiter Benutzer auf demselben Tablet sieht sie nicht', async () => {
    const anna = await unlockedDevice();
    await saveDraft(anna, draftIds.minorTreatment(), { patientName: 'Zacharias Quellenbrunn' });
    const ben = await unlockedDevice();
    expect(ben.userId).not.toBe(anna.userId);
    expect(await loadDraft(ben, draftIds.minorTreatment())).toBeUndefined();
  });

  it('verschwinden beim Verwerfen und mit ihrem Datensatz', async () => {
    const db = await unlockedDevice();
    await saveDraft(db, draftIds.protocol('p3'), findings, 'p3');
    await saveDraft(db, draftIds.protocol('p4'), findings, 'p4');
    expect(await discardDraftsOf(db, 'p3')).toBe(1);
    expect(await loadDraft(db, draftIds.protocol('p3'))).toBeUndefined();
    await discardDraft(db, draftIds.protocol('p4'));
    expect(await db.drafts.count()).toBe(0);
  });

  it('melden dem Sperrbildschirm nur, was wirklich ungespeichert ist', () => {
    expect(hasUnsavedForms()).toBe(false);
    markUnsaved('protocol:p5', true);
    expect(hasUnsavedForms()).toBe(true);
    markUnsaved('protocol:p5', false);
    expect(hasUnsavedForms()).toBe(false);
  });
});
