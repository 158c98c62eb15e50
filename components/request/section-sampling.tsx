'use client';
// Sampling controls: temperature, top_p, presence_penalty, frequency_penalty.
import { LIMITS } from '@/lib/schema/constants';
import { NumberField } from './fields';

export function SectionSampling() {
  return (
    <>
      <NumberField path="temperature" min={LIMITS.temperature.min} max={LIMITS.temperature.max} help="0 to 2. Higher is more random." />
      <NumberField path="top_p" min={LIMITS.top_p.min} max={LIMITS.top_p.max} help="0 to 1. Nucleus sampling; an alternative to temperature." />
      <NumberField path="presence_penalty" min={LIMITS.presence_penalty.min} max={LIMITS.presence_penalty.max} help="-2 to 2. Higher values push toward new topics (gateway extension)." />
      <NumberField path="frequency_penalty" min={LIMITS.frequency_penalty.min} max={LIMITS.frequency_penalty.max} help="-2 to 2. Higher values reduce verbatim repetition (gateway extension)." />
    </>
  );
}
