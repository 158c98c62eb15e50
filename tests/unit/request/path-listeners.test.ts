// The index of the request form's listeners by body path: whom a change wakes, and that typing in one field looks only along its own path.
import { describe, expect, it } from 'vitest';
import { createPathListeners, isPathRelated } from '@/components/request/path-listeners';

const PATHS = ['', 'model', 'input', 'input[0]', 'input[0].content', 'input[0].content[0].text', 'input[1]', 'input[10].role', 'input.0', 'tools', 'tools[1].name', 'tools[10].name', 'text', 'text_extra', 'text.format.type'];

/** The paths the form of the typing bench watches: 50 messages with a role and one text part, and 20 tools. */
function watchHeavyForm(listeners: ReturnType<typeof createPathListeners>, woken: string[]): number {
  const paths = ['', 'input', 'tools', 'model'];
  for (let at = 0; at < 50; at += 1) paths.push(`input[${at}]`, `input[${at}].role`, `input[${at}].content`, `input[${at}].content[0]`, `input[${at}].content[0].text`);
  for (let at = 0; at < 20; at += 1) paths.push(`tools[${at}]`, `tools[${at}].name`, `tools[${at}].description`, `tools[${at}].parameters`);
  for (const path of paths) listeners.add(path, () => woken.push(path));
  return paths.length;
}

describe('listeners by body path', () => {
  it('a change wakes exactly the listeners whose path is related to it, for every pair of paths', () => {
    for (const changed of PATHS) {
      const listeners = createPathListeners();
      const woken: string[] = [];
      for (const watched of PATHS) listeners.add(watched, () => woken.push(watched));
      listeners.notify([changed]);
      expect({ changed, woken: woken.sort() }).toEqual({ changed, woken: PATHS.filter((watched) => isPathRelated(watched, changed)).sort() });
    }
  });

  it('several changes wake each listener once', () => {
    const listeners = createPathListeners();
    const woken: string[] = [];
    for (const watched of ['', 'input', 'tools[0]']) listeners.add(watched, () => woken.push(watched));
    listeners.notify(['input[0].content', 'input[1]', 'tools']);
    expect(woken.sort()).toEqual(['', 'input', 'tools[0]']);
  });

  it('typing in the last of 50 items looks at the listeners along its path only, not at the 330 others', () => {
    const listeners = createPathListeners();
    const woken: string[] = [];
    expect(watchHeavyForm(listeners, woken)).toBe(334);
    const visited = listeners.notify(['input[49].content[0].text']);
    expect(woken.sort()).toEqual(['', 'input', 'input[49]', 'input[49].content', 'input[49].content[0]', 'input[49].content[0].text']);
    expect(visited).toBe(6);
    woken.length = 0;
    expect(listeners.notify([''])).toBe(334);
    expect(woken).toHaveLength(334);
  });

  it('a listener removed is not woken, and paths no one watches any longer leave the index', () => {
    const listeners = createPathListeners();
    const woken: string[] = [];
    const removeDeep = listeners.add('input[3].content[0].text', () => woken.push('deep'));
    const removeTop = listeners.add('input', () => woken.push('top'));
    removeDeep();
    expect(listeners.notify(['input[3].content[0].text'])).toBe(2);
    expect(woken).toEqual(['top']);
    removeTop();
    expect(listeners.notify([''])).toBe(1);
  });
});
