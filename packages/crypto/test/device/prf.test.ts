import { describe, expect, it } from 'vitest';
import { newPrfSalt, PrfUnwrapError, toBase64Url, unwrapUnderPrf, wrapUnderPrf } from '../../src/device';

/** The data key under the platform authenticator's PRF output. */
describe('PRF wrap', () => {
  it('opens with the same PRF output only; the wrap holds neither the key nor the output', async () => {
    const dataKey = crypto.getRandomValues(new Uint8Array(32));
    const output = crypto.getRandomValues(new Uint8Array(32));
    const salt = toBase64Url(newPrfSalt());
    const wrap = await wrapUnderPrf(dataKey, output, 'cred-1', salt);
    expect(wrap).toMatchObject({ credentialId: 'cred-1', salt });
    const stored = JSON.stringify(wrap);
    expect(stored).not.toContain(toBase64Url(dataKey));
    expect(stored).not.toContain(toBase64Url(output));
    expect(await unwrapUnderPrf(wrap, output)).toEqual(dataKey);
    await expect(unwrapUnderPrf(wrap, crypto.getRandomValues(new Uint8Array(32)))).rejects.toBeInstanceOf(PrfUnwrapError);
    await expect(unwrapUnderPrf(wrap, new Uint8Array(8))).rejects.toBeInstanceOf(PrfUnwrapError);
    await expect(unwrapUnderPrf({ ...wrap, wrappedDataKey: 'kaputt' }, output)).rejects.toBeInstanceOf(PrfUnwrapError);
  });
});
