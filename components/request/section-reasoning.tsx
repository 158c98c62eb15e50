'use client';
// Reasoning controls: reasoning.effort and reasoning.summary (reasoning-capable models only).
import { REASONING_EFFORTS, REASONING_SUMMARIES } from '@/lib/schema/constants';
import { SelectField } from './fields';

export function SectionReasoning() {
  return (
    <>
      <SelectField path="reasoning.effort" options={REASONING_EFFORTS} help="How much the model thinks before answering; reasoning-capable models only." />
      <SelectField path="reasoning.summary" options={REASONING_SUMMARIES} help="Whether a summary of the reasoning is returned, and how detailed." />
    </>
  );
}
