import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/schema';
import { PROMPT_TEMPLATES, resolvePrompt } from '@/lib/local-gateway/prompts';

function paramOf(run: () => unknown): string | null {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return error.param;
    throw error;
  }
  return 'no error';
}

describe('prompt templates', () => {
  it('substitutes variables into the latest version when none is named', () => {
    const resolved = resolvePrompt({ id: 'pmpt_weather', variables: { city: 'Paris', units: { type: 'input_text', text: 'metric' } } });
    expect(resolved.echo.version).toBe('2');
    expect(resolved.instructions).toBe('You are a concise weather assistant. Report the weather in Paris in metric units, in one short paragraph.');
  });

  it('uses the named version', () => {
    const resolved = resolvePrompt({ id: 'pmpt_weather', version: '1', variables: { city: 'Oslo' } });
    expect(resolved.instructions).toBe('You are a weather assistant. Report the weather in Oslo.');
    expect(resolved.echo).toEqual({ id: 'pmpt_weather', version: '1', variables: { city: 'Oslo' } });
  });

  it('rejects unknown ids, versions and variables, naming the field', () => {
    expect(paramOf(() => resolvePrompt({ id: 'pmpt_nope' }))).toBe('prompt.id');
    expect(paramOf(() => resolvePrompt({ id: 'pmpt_weather', version: '9', variables: { city: 'x' } }))).toBe('prompt.version');
    expect(paramOf(() => resolvePrompt({ id: 'pmpt_weather', version: '1' }))).toBe('prompt.variables.city');
    expect(paramOf(() => resolvePrompt({ id: 'pmpt_weather', version: '1', variables: { city: 'x', extra: 'y' } }))).toBe('prompt.variables.extra');
    expect(paramOf(() => resolvePrompt({ id: 'pmpt_weather', version: '1', variables: { city: 42 } }))).toBe('prompt.variables.city');
  });

  it('lists the built-in templates', () => {
    expect(Object.keys(PROMPT_TEMPLATES)).toEqual(['pmpt_weather', 'pmpt_support', 'pmpt_summarize']);
  });
});
