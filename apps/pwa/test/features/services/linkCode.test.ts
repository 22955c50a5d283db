import { describe, expect, it } from 'vitest';
import { joinUrl } from '../../../src/features/services/team/AccessCodePanel';
import { codeFromLink, withoutLinkCode } from '../../../src/features/services/team/linkCode';

describe('the access code in links (docs/decisions.md "The access code stays with the team")', () => {
  it('the QR link carries the code in the fragment, which no server sees', () => {
    const url = new URL(joinUrl('https://sanidok.example', 'a1b2', 'ABCD-EFGH'));
    expect(url.search).toBe('');
    expect(url.hash).toBe('#code=ABCD-EFGH');
    expect(codeFromLink(url, 'code')).toBe('ABCD-EFGH');
  });

  it('old links with ?code= still open, and the address loses the code but keeps the rest', () => {
    const old = { pathname: '/services/a1b2/join', search: '?code=ABCD-EFGH&tab=team', hash: '' };
    expect(codeFromLink(old, 'code')).toBe('ABCD-EFGH');
    expect(withoutLinkCode(old, 'code')).toBe('/services/a1b2/join?tab=team');
    expect(withoutLinkCode({ pathname: '/patient-protocols/x', search: '?key=K' }, 'key')).toBe('/patient-protocols/x');
    expect(codeFromLink({ search: '', hash: '' }, 'key')).toBeNull();
  });
});
