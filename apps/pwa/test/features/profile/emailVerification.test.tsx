import { screen, waitFor } from '@testing-library/react';
import { emailVerificationMessages } from '@sanidok/schema';
import { describe, expect, it } from 'vitest';
import { callsTo, findToast, json, mockApi, renderApp, testUser, unauthenticated } from '../../helpers/render';

describe('optional e-mail verification', () => {
  it('shows an unconfirmed address with the button that sends the link', async () => {
    const fetchMock = mockApi({
      'GET /api/user': () => json(testUser),
      'POST /api/account/email-verification/request': () => json({ ok: true, message: emailVerificationMessages.sent }),
    });
    const { user } = renderApp('/profile');
    expect(await screen.findByText('Nicht bestätigt')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Bestätigungs-E-Mail senden' }));
    expect(await findToast('Bestätigungs-E-Mail')).toHaveTextContent(emailVerificationMessages.sent);
    expect(callsTo(fetchMock, 'POST', '/api/account/email-verification/request')).toHaveLength(1);
  });

  it('shows a confirmed address without the button', async () => {
    mockApi({ 'GET /api/user': () => json({ ...testUser, emailVerified: true }) });
    renderApp('/profile');
    expect(await screen.findByText('Bestätigt')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Bestätigungs-E-Mail senden' })).not.toBeInTheDocument();
  });

  it('confirms once from the link, signed out too, and shows the server answer', async () => {
    const fetchMock = mockApi({
      'GET /api/user': unauthenticated,
      'POST /api/account/email-verification/confirm': () => json({ ok: true, message: emailVerificationMessages.done }),
    });
    renderApp('/e-mail-bestaetigen?token=abcdefghijklmnopqrstuvwxyz');
    expect(await screen.findByText(emailVerificationMessages.done)).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/account/email-verification/confirm')).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST', '/api/account/email-verification/confirm')[0]?.body).toEqual({ token: 'abcdefghijklmnopqrstuvwxyz' });
  });

  it('says what is wrong with a spent link, or one without token', async () => {
    mockApi({
      'GET /api/user': unauthenticated,
      'POST /api/account/email-verification/confirm': () => json({ message: emailVerificationMessages.tokenInvalid, code: 'VALIDATION' }, 400),
    });
    const first = renderApp('/e-mail-bestaetigen?token=abcdefghijklmnopqrstuvwxyz');
    expect(await screen.findByText(emailVerificationMessages.tokenInvalid)).toBeInTheDocument();
    first.unmount();
    renderApp('/e-mail-bestaetigen');
    expect(await screen.findByText('Der Link ist unvollständig. Bitte öffnen Sie ihn genau so, wie er in der E-Mail steht.')).toBeInTheDocument();
  });
});
