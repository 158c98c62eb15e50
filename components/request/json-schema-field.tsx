'use client';
// The JSON Schema of text.format (json_schema): a JSON field checked against the draft-07 meta-schema as it is edited.
import { checkJsonSchema } from './json-schema-check';
import { JsonValueField } from './json-value-field';

export function JsonSchemaField({ path, help }: { path: string; help: string }) {
  return <JsonValueField path={path} rows={8} check={checkJsonSchema} help={help} />;
}
