import { organizationKeyFingerprint, parseOrganizationSecret, publicKeysFromBase64Url } from '@sanidok/crypto';
import type { OrganizationListItem } from '@sanidok/schema';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createOrganizationWithKey } from '../../../src/features/organizations/createOrganization';
import { ownedOrg } from './organizations.fixtures';
import { useNodeRealmWebCrypto } from './organizations.webcrypto';
import { bodyText, callsTo, findDialogError, findToast, json, mockApi, renderApp, testUser } from '../../helpers/render';

const keyPattern = /^SANI1(-[0-9A-HJKMNP-TV-Z]{1,5}){12}$/;

function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function toBase64(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes));
}

/** The server answers the created list item, built from what was posted (as the real one does). */
function setup() {
  let created: OrganizationListItem | undefined;
  const fetchMock = mockApi({
    'GET /api/user': () => json(testUser),
    'GET /api/organizations': () => json(created ? [created] : []),
    'GET /api/invitations': () => json([]),
    'GET /api/organizations/1/members': () => json([]),
    'POST /api/organizations': (init) => {
      const body = JSON.parse(bodyText(init)) as Record<string, string>;
      created = {
        ...ownedOrg,
        name: body.name ?? '',
        description: body.description ?? null,
        sealingPublicKey: body.sealingPublicKey ?? '',
        signingPublicKey: body.signingPublicKey ?? '',
        keyFingerprint: body.keyFingerprint ?? '',
        memberCount: 1,
      };
      return json(created, 201);
    },
  });
  return { fetchMock, ...renderApp('/organizations') };
}

async function createOrganization(app: ReturnType<typeof setup>, name = 'DRK Ortsverein Nord') {
  await app.user.click(await screen.findByRole('button', { name: 'Organisation erstellen' }));
  const dialog = await screen.findByRole('dialog', { name: 'Organisation erstellen' });
  await app.user.type(within(dialog).getByLabelText(/^Name/), name);
  await app.user.type(within(dialog).getByLabelText('Beschreibung'), 'Sanitätsdienste im Norden');
  await app.user.click(within(dialog).getByRole('button', { name: 'Erstellen' }));
  return screen.findByRole('dialog', { name: 'Organisationsschlüssel sichern' }, { timeout: 10_000 });
}

describe('Organisation erstellen', () => {
  beforeEach(() => useNodeRealmWebCrypto());

  it('shows the schema message for a short name and sends nothing', async () => {
    const app = setup();
    await app.user.click(await screen.findByRole('button', { name: 'Organisation erstellen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Organisation erstellen' });
    await app.user.type(within(dialog).getByLabelText(/^Name/), 'DR');
    await app.user.click(within(dialog).getByRole('button', { name: 'Erstellen' }));
    expect(await within(dialog).findByText('Name muss mindestens 3 Zeichen lang sein')).toBeInTheDocument();
    expect(callsTo(app.fetchMock, 'POST', '/api/organizations')).toHaveLength(0);
  });

  it('posts only the public keys and fingerprint, never the secret', async () => {
    const consoleSpies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((method) => vi.spyOn(console, method));
    const app = setup();
    const keyDialog = await createOrganization(app);
    await findToast('Organisation erstellt');

    const keyText = within(keyDialog).getByLabelText<HTMLTextAreaElement>('Organisationsschlüssel').value;
    expect(keyText).toMatch(keyPattern);
    const parsed = parseOrganizationSecret(keyText);
    if (!parsed.ok) throw new Error('Schlüssel nicht lesbar');

    const [call] = callsTo(app.fetchMock, 'POST', '/api/organizations');
    expect(Object.keys(call?.body ?? {}).sort()).toEqual(['description', 'keyFingerprint', 'name', 'sealingPublicKey', 'signingPublicKey']);
    const raw = bodyText(app.fetchMock.mock.calls.find(([url, init]) => url === '/api/organizations' && init?.method === 'POST')?.[1]);
    for (const secretForm of [keyText, keyText.replace(/-/g, ''), toHex(parsed.secret), toBase64(parsed.secret)]) {
      expect(raw).not.toContain(secretForm);
    }
    expect(raw).not.toContain('SANI1');

    // The posted public keys belong to the shown fingerprint, which the dialog shows as well.
    const body = call?.body as Record<string, string>;
    const publicKeys = publicKeysFromBase64Url({ sealingPublicKey: body.sealingPublicKey ?? '', signingPublicKey: body.signingPublicKey ?? '' });
    if (!publicKeys) throw new Error('Öffentliche Schlüssel ungültig');
    expect(organizationKeyFingerprint(publicKeys)).toBe(body.keyFingerprint);
    expect(within(keyDialog).getByLabelText('Fingerabdruck')).toHaveTextContent(body.keyFingerprint ?? '');
    // Never logged either.
    expect(JSON.stringify(consoleSpies.flatMap((spy) => spy.mock.calls.map((args) => args.map(String))))).not.toContain('SANI1');
  });

  it('shows the key once, asks before closing and forgets it afterwards', async () => {
    const app = setup();
    const keyDialog = await createOrganization(app);
    const keyText = within(keyDialog).getByLabelText<HTMLTextAreaElement>('Organisationsschlüssel').value;
    expect(within(keyDialog).getByText('Dieser Schlüssel wird nur jetzt ein einziges Mal angezeigt.')).toBeInTheDocument();
    expect(within(keyDialog).getByText(/auch nicht die Plattform-Administratoren/)).toBeInTheDocument();
    expect(within(keyDialog).getByText(/Patientenarchiv/)).toBeInTheDocument();

    // Every way out asks first; going back shows the same key again.
    // The footer button and the × in the title bar both read 'Schließen'.
    const [closeX, closeButton] = within(keyDialog).getAllByRole('button', { name: 'Schließen' });
    await app.user.click(closeButton ?? keyDialog);
    expect(await screen.findByText('Haben Sie den Schlüssel sicher gespeichert? Er wird nie wieder angezeigt.')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Zurück zum Schlüssel' }));
    expect(screen.getByLabelText('Organisationsschlüssel')).toHaveValue(keyText);
    await app.user.keyboard('{Escape}');
    expect(await screen.findByText('Haben Sie den Schlüssel sicher gespeichert? Er wird nie wieder angezeigt.')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Zurück zum Schlüssel' }));
    await app.user.click(closeX ?? keyDialog);
    expect(await screen.findByText('Haben Sie den Schlüssel sicher gespeichert? Er wird nie wieder angezeigt.')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Ja, Schlüssel ist gesichert' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(document.body.textContent).not.toContain(keyText);
    // Nothing kept it: not the caches, not the storage.
    const cached = JSON.stringify([
      app.queryClient.getQueryCache().getAll().map((q) => q.state),
      app.queryClient.getMutationCache().getAll().map((m) => m.state),
    ]);
    expect(cached).not.toContain(keyText);
    expect(cached).not.toContain('SANI1');
    expect(JSON.stringify(Object.entries(localStorage))).not.toContain('SANI1');
    expect(JSON.stringify(Object.entries(sessionStorage))).not.toContain('SANI1');
    // The new organisation is selected; the dialog does not come back.
    expect(await screen.findByRole('heading', { name: 'DRK Ortsverein Nord' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Organisationsschlüssel sichern' })).not.toBeInTheDocument();
  });

  it('reports a key that cannot be created and keeps the input', async () => {
    const original = globalThis.crypto;
    vi.stubGlobal('crypto', {
      getRandomValues: original.getRandomValues.bind(original),
      subtle: { importKey: () => Promise.reject(new Error('WebCrypto nicht verfügbar')) },
    });
    const app = setup();
    await app.user.click(await screen.findByRole('button', { name: 'Organisation erstellen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Organisation erstellen' });
    await app.user.type(within(dialog).getByLabelText(/^Name/), 'DRK Ortsverein Nord');
    await app.user.click(within(dialog).getByRole('button', { name: 'Erstellen' }));
    const toast = await findDialogError(dialog, 'Fehler');
    expect(within(toast).getByText(/Der Organisationsschlüssel konnte in diesem Browser nicht erzeugt werden/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('DRK Ortsverein Nord');
    expect(callsTo(app.fetchMock, 'POST', '/api/organizations')).toHaveLength(0);
  });

  it('gives up with the same message when the key libraries never answer', async () => {
    // As libsodium does when a CSP refuses its WebAssembly: the promise never settles.
    const original = globalThis.crypto;
    vi.stubGlobal('crypto', {
      getRandomValues: original.getRandomValues.bind(original),
      subtle: { importKey: () => new Promise(() => undefined) },
    });
    const fetchMock = mockApi({});
    vi.useFakeTimers();
    try {
      const result = createOrganizationWithKey({ name: 'DRK Ortsverein Nord', description: null });
      const settled = expect(result).rejects.toThrow('Der Organisationsschlüssel konnte in diesem Browser nicht erzeugt werden.');
      await vi.advanceTimersByTimeAsync(20_000);
      await settled;
      expect(fetchMock).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it('copies the key to the clipboard with the toast Schlüssel kopiert', async () => {
    const app = setup();
    const keyDialog = await createOrganization(app);
    const keyText = within(keyDialog).getByLabelText<HTMLTextAreaElement>('Organisationsschlüssel').value;
    await app.user.click(within(keyDialog).getByRole('button', { name: 'Schlüssel kopieren' }));
    await findToast('Schlüssel kopiert');
    // user-event installs a clipboard stand-in on navigator; read back what was written.
    expect(await navigator.clipboard.readText()).toBe(keyText);
  });

  it('prints a recovery sheet with name, date, fingerprint and the key in groups, then removes it', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const app = setup();
    const keyDialog = await createOrganization(app);
    const keyText = within(keyDialog).getByLabelText<HTMLTextAreaElement>('Organisationsschlüssel').value;
    await app.user.click(within(keyDialog).getByRole('button', { name: 'Wiederherstellungsblatt drucken' }));
    expect(print).toHaveBeenCalledTimes(1);

    const sheet = document.querySelector<HTMLElement>('body > .sanidok-recovery-print');
    if (!sheet) throw new Error('Kein Wiederherstellungsblatt');
    expect(document.body).toHaveClass('sanidok-printing');
    expect(within(sheet).getByText('DRK Ortsverein Nord')).toBeInTheDocument();
    expect(within(sheet).getByText('02.03.2026 10:00')).toBeInTheDocument();
    const groups = Array.from(sheet.querySelectorAll('.sanidok-recovery-key span'), (s) => s.textContent);
    expect(groups.join('-')).toBe(keyText);
    expect(sheet.textContent).toContain(within(keyDialog).getByLabelText('Fingerabdruck').textContent);
    expect(sheet.querySelector('script')).toBeNull();

    window.dispatchEvent(new Event('afterprint'));
    await waitFor(() => expect(document.querySelector('.sanidok-recovery-print')).toBeNull());
    expect(document.body).not.toHaveClass('sanidok-printing');
  });
});
