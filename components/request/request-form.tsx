'use client';
// The request form: one section per group of fields of the request body. The sections that start open come with the
// page; the fields of the others load the first time one is asked for (form-section.tsx), or when the draft has a
// problem to show at a field.
import { useEffect } from 'react';
import { useFieldSelector, useIssues } from './draft-context';
import { countExtraFields } from './extra-fields-count';
import { FormSection } from './form-section';
import { preloadLaterSections } from './later-sections';
import { SectionExecution } from './section-execution';
import { SectionInstructions } from './section-instructions';

const countOf = (value: unknown) => (Array.isArray(value) ? value.length : 0);

/** The issue list links each problem to its field, and a field shows its own: with any problem, every field is there. */
function LoadWithIssues() {
  const hasIssues = useIssues().length > 0;
  useEffect(() => {
    if (hasIssues) preloadLaterSections();
  }, [hasIssues]);
  return null;
}

function ToolsSection() {
  const count = useFieldSelector('tools', countOf);
  return <FormSection title={`Tools (${count})`} testId="section-tools" later={(sections) => <sections.SectionTools />} />;
}

function ExtraSection() {
  const count = useFieldSelector('', countExtraFields);
  return <FormSection title={`Extra fields (${count})`} testId="section-extra" isOpen={count > 0} later={(sections) => <sections.ExtraFields />} />;
}

export function RequestForm() {
  return (
    <form className="flex flex-col gap-3" data-testid="request-form" aria-label="Request body" onSubmit={(event) => event.preventDefault()}>
      <LoadWithIssues />
      <FormSection title="Input items" testId="section-model-input" later={(sections) => <sections.SectionModelInput />} />
      <SectionInstructions />
      <SectionExecution />
      <FormSection title="Output" testId="section-output" later={(sections) => <sections.SectionOutput />} />
      <ToolsSection />
      <FormSection title="Sampling" testId="section-sampling" later={(sections) => <sections.SectionSampling />} />
      <FormSection title="State" testId="section-state" later={(sections) => <sections.SectionState />} />
      <FormSection title="Reasoning" testId="section-reasoning" later={(sections) => <sections.SectionReasoning />} />
      <FormSection title="Gateway" testId="section-gateway" later={(sections) => <sections.SectionGateway />} />
      <FormSection title="Identity and metadata" testId="section-identity" later={(sections) => <sections.SectionIdentity />} />
      <ExtraSection />
    </form>
  );
}
