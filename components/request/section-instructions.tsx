'use client';
// Instructions and the versioned prompt template: instructions, prompt.id, prompt.version, prompt.variables.
import { TextField } from './fields';
import { FormSection } from './form-section';
import { KeyValueField } from './key-value-field';

export function SectionInstructions() {
  return (
    <FormSection title="Instructions and prompt" testId="section-instructions" isOpen>
      <div className="md:col-span-2">
        <TextField path="instructions" isMultiline help="System or developer instructions placed before the input; not inherited through previous_response_id." />
      </div>
      <TextField path="prompt.id" help="Id of a stored, versioned prompt template to use." />
      <TextField path="prompt.version" help="Version of the template; empty uses the current one." />
      <div className="md:col-span-2">
        <KeyValueField path="prompt.variables" help="Values substituted into the template's {{variables}}." />
      </div>
    </FormSection>
  );
}
