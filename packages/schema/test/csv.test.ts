import { describe, expect, it } from 'vitest';
import { csvCell, csvTable, csvText } from '../src';

describe('the shared CSV writer', () => {
  it('neutralises every formula start in text, keeps numbers as numbers, quotes separators', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell('-0003')).toBe("'-0003");
    expect(csvCell('+49')).toBe("'+49");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('\rx')).toBe('"\'\rx"');
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('Zeile 1\nZeile 2')).toBe('"Zeile 1\nZeile 2"');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvCell(null)).toBe('');
  });

  it('keeps a text column text where a spreadsheet would read a number or a date', () => {
    expect(csvCell(csvText('0003'))).toBe("'0003");
    expect(csvCell(csvText('12.03'))).toBe("'12.03");
    expect(csvCell(csvText('A-17'))).toBe('A-17');
    expect(csvCell(csvText('17'))).toBe('17');
    expect(csvCell(csvText('1234567890123456'))).toBe("'1234567890123456");
    expect(csvCell('0003')).toBe('0003');
  });

  it('writes BOM, CRLF and refuses a row of another width than the header', () => {
    expect(csvTable(['a', 'b'], [[1, 'x']])).toBe('\uFEFFa;b\r\n1;x\r\n');
    expect(() => csvTable(['a', 'b'], [[1]])).toThrow('CSV row 1 has 1 cells, the header 2');
  });
});
