'use client';
// The request form: one section per group of fields of the request body.
import { SectionExecution } from './section-execution';
import { SectionGateway } from './section-gateway';
import { SectionIdentity } from './section-identity';
import { SectionInstructions } from './section-instructions';
import { SectionModelInput } from './section-model-input';
import { SectionOutput } from './section-output';
import { SectionReasoning } from './section-reasoning';
import { SectionSampling } from './section-sampling';
import { SectionState } from './section-state';
import { SectionTools } from './section-tools';
import { ExtraFields } from './extra-fields';

export function RequestForm() {
  return (
    <form className="flex flex-col gap-3" data-testid="request-form" aria-label="Request body" onSubmit={(event) => event.preventDefault()}>
      <SectionModelInput />
      <SectionInstructions />
      <SectionExecution />
      <SectionOutput />
      <SectionTools />
      <SectionSampling />
      <SectionState />
      <SectionReasoning />
      <SectionGateway />
      <SectionIdentity />
      <ExtraFields />
    </form>
  );
}
