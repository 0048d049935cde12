import { describe, expect, it } from 'vitest';
import { wantsPrettyLogs } from './log-stream.ts';

describe('log format', () => {
  it('is readable lines on a terminal and JSON otherwise, unless LOG_FORMAT says which', () => {
    expect(wantsPrettyLogs(undefined, true)).toBe(true);
    expect(wantsPrettyLogs(undefined, false)).toBe(false);
    expect(wantsPrettyLogs('json', true)).toBe(false);
    expect(wantsPrettyLogs('pretty', false)).toBe(true);
  });
});
