import { describe, expect, it } from 'vitest';
import { textAfterSave } from './idea-form';

describe('textAfterSave', () => {
  it('empties the box when nothing was typed during the save', () => {
    expect(textAfterSave('Went hiking', 'Went hiking')).toBe('');
  });

  it('keeps what was typed after the saved text, without the line break between', () => {
    expect(textAfterSave('Went hiking\nand swam', 'Went hiking')).toBe('and swam');
  });

  it('keeps everything when the saved text itself was changed meanwhile', () => {
    expect(textAfterSave('Went hiking today', 'Went hiking!')).toBe('Went hiking today');
    expect(textAfterSave('', 'Went hiking')).toBe('');
  });
});
