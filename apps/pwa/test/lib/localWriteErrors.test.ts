import { describe, expect, it } from 'vitest';
import { LocalWriteError } from '../../src/data/repositories/services';
import { localWriteErrorText } from '../../src/lib/localWriteErrors';
import { materialName } from '../../src/lib/materialNames';

describe('wording of the data layer (src/data carries codes and null names, src/lib words them)', () => {
  it('words each refusal of a local write in German', () => {
    expect(localWriteErrorText(new LocalWriteError('serviceNotFound'))).toBe('Der Sanitätsdienst wurde auf diesem Gerät nicht gefunden.');
    expect(localWriteErrorText(new LocalWriteError('targetServiceNotFound'))).toBe('Sanitätsdienst nicht gefunden');
    expect(localWriteErrorText(new LocalWriteError('serviceBlocked'))).toBe('Dieser Sanitätsdienst ist gesperrt. Änderungen sind nicht möglich.');
    expect(localWriteErrorText(new LocalWriteError('protocolClosed'))).toBe('Dieses Protokoll ist abgeschlossen und kann nicht mehr bearbeitet werden.');
    expect(localWriteErrorText(new Error('Festplatte voll'))).toBeUndefined();
  });

  it('names a material missing from the local catalogue by its id', () => {
    expect(materialName(null, 12)).toBe('Material 12');
    expect(materialName('Kühlpack', 12)).toBe('Kühlpack');
  });
});
