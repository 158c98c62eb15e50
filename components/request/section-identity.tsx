'use client';
// Identity controls: safety_identifier, the deprecated user, and metadata as key/value pairs.
import { LIMITS } from '@/lib/schema/constants';
import { TextField } from './fields';
import { KeyValueField } from './key-value-field';

export function SectionIdentity() {
  return (
    <>
      <TextField path="safety_identifier" help={`Stable id of the end user for policy-violation detection (at most ${LIMITS.safety_identifier.maxLength} characters).`} />
      <TextField path="user" isDeprecated help="Deprecated end-user id, kept for old clients; use safety_identifier and prompt_cache_key instead." />
      <KeyValueField
        path="metadata"
        help={`Free-form string pairs echoed on the response (at most ${LIMITS.metadata.maxPairs} pairs, keys ${LIMITS.metadata.keyMaxLength} and values ${LIMITS.metadata.valueMaxLength} characters).`}
      />
    </>
  );
}
