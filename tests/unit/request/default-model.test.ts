import { describe, expect, it } from 'vitest';
import { pickDefaultModel } from '@/components/request/default-model';

const listed = (ids: string[], isFallback = false) => ({ ids, isFallback, source: 'remote http://litellm:4000/v1' });

describe('the model a new request starts with on a gateway', () => {
  it('moves a draft on the built-in default to the first model a remote gateway lists', () => {
    expect(pickDefaultModel('local-agent', 'local-agent', listed(['gpt-4.1-mini', 'claude-x']), null)).toBe('gpt-4.1-mini');
  });

  it('prefers the model last chosen with that gateway when it is still listed', () => {
    expect(pickDefaultModel('local-agent', 'local-agent', listed(['gpt-4.1-mini', 'claude-x']), 'claude-x')).toBe('claude-x');
    expect(pickDefaultModel('local-agent', 'local-agent', listed(['gpt-4.1-mini']), 'retired-model')).toBe('gpt-4.1-mini');
  });

  it('leaves the draft alone when the gateway serves the default, lists nothing, offers only suggestions, or the user chose a model', () => {
    expect(pickDefaultModel('local-agent', 'local-agent', listed(['local-agent', 'local-reasoner']), 'local-reasoner')).toBeNull();
    expect(pickDefaultModel('local-agent', 'local-agent', listed([]), null)).toBeNull();
    expect(pickDefaultModel('local-agent', 'local-agent', listed(['gpt-4o'], true), null)).toBeNull();
    expect(pickDefaultModel('my-model', 'local-agent', listed(['gpt-4o']), null)).toBeNull();
  });
});
