import { describe, expect, it } from 'vitest';
import { splitSettledMarkdown } from '@/components/transcript/items/message-view';

describe('streaming markdown split', () => {
  it('keeps everything before the last blank line as settled markdown and the rest as the growing tail', () => {
    expect(splitSettledMarkdown('# Title\n\nFirst paragraph.\n\nStill wri')).toEqual({ settled: '# Title\n\nFirst paragraph.', tail: 'Still wri' });
  });

  it('has nothing settled before the first blank line', () => {
    expect(splitSettledMarkdown('Hello, wor')).toEqual({ settled: '', tail: 'Hello, wor' });
  });

  it('loses no character: settled, the blank line and the tail rebuild the text', () => {
    const source = 'a\n\nb **bold**\n\n- item\n- item 2\n\n';
    const { settled, tail } = splitSettledMarkdown(source);
    expect(`${settled}\n\n${tail}`).toBe(source);
  });
});
