import { Accordion, Button, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import type { ManvCategory, ManvIncident } from '@sanidok/schema';
import { manvCategoryLabel, normalizeTagNumber } from '@sanidok/schema';
import { IconScan } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { draftIds } from '../../data/drafts/draftStore';
import { DraftRestoredNotice } from '../shared/DraftRestoredNotice';
import { useValueDraft } from '../shared/useValueDraft';
import { useManvTag } from '../../data/manvHooks';
import { recordManvTriage, registerManvTag } from '../../data/repositories/manv';
import { manvDe } from '../../i18n/manv.de';
import { describeError } from '../../lib/describeError';
import { notifyError, notifySuccess } from '../../lib/notify';
import type { PersonDraft } from './PersonFields';
import { PersonFields, emptyPerson, personInput } from './PersonFields';
import { TagScanner } from './TagScanner';
import { ExistingTagNotice, TagNumberField } from './TagNumberField';
import type { TriageDraft } from './TriageChoiceFields';
import { TriageChoiceFields, chosenCategory, emptyAnswers } from './TriageChoiceFields';

const t = manvDe.capture;
const settingsKey = 'sanidok:manv-capture';

interface Remembered {
  algorithm: TriageDraft['algorithm'];
  qualification: TriageDraft['qualification'];
  area: string;
}

/** The tablet keeps algorithm, qualification and treatment area between tags: they are not taps per patient. */
function remembered(): Remembered {
  try {
    const value = JSON.parse(localStorage.getItem(settingsKey) ?? '{}') as Partial<Remembered>;
    return { algorithm: value.algorithm ?? 'mstart', qualification: value.qualification ?? 'paramedic', area: value.area ?? '' };
  } catch {
    return { algorithm: 'mstart', qualification: 'paramedic', area: '' };
  }
}

/** What the triage form holds for the tag at hand: kept as a draft until saved. */
interface TriageForm {
  tag: string;
  triage: TriageDraft;
  person: PersonDraft;
}

/** Algorithm and qualification are settings, not input: only a number, an answer or a person detail is. */
const typedTriage = ({ tag, triage, person }: TriageForm) =>
  tag.trim() !== '' || triage.answers.length > 0 || triage.override !== null || JSON.stringify(person) !== JSON.stringify(emptyPerson);

/**
 * Triage capture: tag number typed or scanned, the guided steps, the category,
 * save. Offline: writes only Dexie through the repository. A number this device already holds
 * records a further triage of that tag instead of a second tag. Taps per path: docs/benchmarks.md.
 */
export function TriageCapture({ incident }: { incident: ManvIncident }) {
  const start = remembered();
  const [tag, setTag] = useState('');
  const existing = useManvTag(incident.id, tag) ?? null;
  const [draft, setDraft] = useState<TriageDraft>({ algorithm: start.algorithm, qualification: start.qualification, answers: [], override: null });
  const [area, setArea] = useState(start.area);
  const [person, setPerson] = useState<PersonDraft>(emptyPerson);
  const [scanning, setScanning] = useState(false);
  const [saving, setSaving] = useState(false);
  // docs/decisions.md "Drafts survive a lock": a tag half-captured comes back after a lock or a reload.
  const form = useMemo<TriageForm>(() => ({ tag, triage: draft, person }), [tag, draft, person]);
  const kept = useValueDraft(form, {
    id: draftIds.manvTriage(incident.id), recordId: incident.id, typed: typedTriage,
    restore: (values) => {
      setTag(values.tag);
      setDraft(values.triage);
      setPerson(values.person);
    },
  });

  useEffect(() => {
    localStorage.setItem(settingsKey, JSON.stringify({ algorithm: draft.algorithm, qualification: draft.qualification, area } satisfies Remembered));
  }, [draft.algorithm, draft.qualification, area]);


  const onScanned = useCallback((value: string) => {
    setTag(value);
    setScanning(false);
  }, []);
  const category = chosenCategory(draft);
  const save = async (chosen: ManvCategory) => {
    setSaving(true);
    const choice = { category: chosen, algorithm: draft.algorithm, qualification: draft.qualification };
    try {
      if (existing) await recordManvTriage(existing.id, choice);
      else {
        await registerManvTag({
          incidentId: incident.id, tagNumber: tag, treatmentArea: area || null, triage: choice,
          person: personInput(person),
        });
      }
      notifySuccess(t.title, t.saved(normalizeTagNumber(tag), manvCategoryLabel(chosen)));
      kept.clear();
      setTag('');
      setPerson(emptyPerson);
      setDraft(emptyAnswers(draft));
    } catch (error) {
      notifyError(manvDe.toasts.error, describeError(error, manvDe.toasts.unknownError));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Paper withBorder p="md" data-testid="manv-capture">
      <Stack gap="sm">
        <Title order={3} size="h4">{t.title}</Title>
        <DraftRestoredNotice at={kept.restoredAt} onDiscard={kept.discard} />
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TagNumberField value={tag} onChange={setTag} />
          <Button size="md" variant="light" leftSection={<IconScan size={18} aria-hidden />} onClick={() => setScanning(true)} styles={{ label: { whiteSpace: 'nowrap' } }}>
            {t.scan}
          </Button>
        </Group>
        {/* Not while saving: the card just saved is 'already captured' for a moment, and the notice
            flashed up and shifted the form under the success toast. */}
        {existing && !saving && <ExistingTagNotice incident={incident} patient={existing} />}
        <TriageChoiceFields draft={draft} onChange={setDraft} blueEnabled={incident.blueEnabled} />
        <Accordion variant="contained">
          <Accordion.Item value="person">
            <Accordion.Control>{t.person}</Accordion.Control>
            <Accordion.Panel>
              <Stack gap="xs">
                <TextInput label={t.area} placeholder={t.areaPlaceholder} value={area} onChange={(e) => setArea(e.currentTarget.value)} />
                <PersonFields person={person} onChange={setPerson} disabled={existing !== null} />
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
        </Accordion>
        <Button
          size="lg"
          loading={saving}
          disabled={!normalizeTagNumber(tag) || category === null}
          onClick={() => category && void save(category)}
          title={!normalizeTagNumber(tag) ? t.needTag : category === null ? t.needCategory : undefined}
        >
          {t.save}
        </Button>
      </Stack>
      <TagScanner opened={scanning} onClose={() => setScanning(false)} onRead={onScanned} />
    </Paper>
  );
}
