// Tool definitions (the spec's 14 kinds, each loose so unshown fields pass through) and tool_choice.
import { z } from 'zod';
import { ALLOWED_TOOLS_MODES, COMPUTER_ENVIRONMENTS, HOSTED_TOOL_CHOICE_TYPES, LIMITS, TOOL_CHOICE_MODES } from './constants';
import { httpUrlSchema, identifierName, imageUrlSchema, integerInRange, decimalInRange, objectJsonSchemaSchema } from './fields';

const stringArray = z.array(z.string());

export const functionToolSchema = z.looseObject({
  type: z.literal('function'),
  name: identifierName(LIMITS.function_name.maxLength),
  parameters: objectJsonSchemaSchema.nullable(),
  description: z.string().nullish(),
  strict: z.boolean().nullish(),
  defer_loading: z.boolean().optional(),
  output_schema: objectJsonSchemaSchema.nullish(),
});

export const fileSearchToolSchema = z.looseObject({
  type: z.literal('file_search'),
  vector_store_ids: stringArray,
  max_num_results: integerInRange(LIMITS.max_num_results).optional(),
  ranking_options: z
    .looseObject({
      ranker: z.string().optional(),
      score_threshold: decimalInRange({ min: 0, max: 1 }).optional(),
    })
    .optional(),
  filters: z.looseObject({ type: z.string() }).nullish(),
});

export const computerUsePreviewToolSchema = z.looseObject({
  type: z.literal('computer_use_preview'),
  environment: z.enum(COMPUTER_ENVIRONMENTS),
  display_width: integerInRange({ min: 1 }),
  display_height: integerInRange({ min: 1 }),
});

/** The GA computer tool carries only its type; display and environment are handled elsewhere. */
export const computerToolSchema = z.looseObject({ type: z.literal('computer') });

const userLocationSchema = z.looseObject({
  type: z.literal('approximate').optional(),
  country: z.string().nullish(),
  region: z.string().nullish(),
  city: z.string().nullish(),
  timezone: z.string().nullish(),
});

const searchContextSize = z.enum(['low', 'medium', 'high']);

export const webSearchToolSchema = z.looseObject({
  type: z.literal(['web_search', 'web_search_2025_08_26']),
  filters: z.looseObject({ allowed_domains: stringArray.nullish() }).nullish(),
  user_location: userLocationSchema.nullish(),
  search_context_size: searchContextSize.optional(),
  external_web_access: z.boolean().optional(),
});

export const webSearchPreviewToolSchema = z.looseObject({
  type: z.literal(['web_search_preview', 'web_search_preview_2025_03_11']),
  user_location: userLocationSchema.nullish(),
  search_context_size: searchContextSize.optional(),
  search_content_types: z.array(z.enum(['text', 'image'])).optional(),
});

const approvalFilterSchema = z.looseObject({ tool_names: stringArray.optional(), read_only: z.boolean().optional() });

export const mcpToolSchema = z
  .looseObject({
    type: z.literal('mcp'),
    server_label: z.string().min(1),
    server_url: httpUrlSchema.optional(),
    connector_id: z.string().min(1).optional(),
    tunnel_id: z.string().min(1).optional(),
    authorization: z.string().optional(),
    server_description: z.string().optional(),
    headers: z.record(z.string(), z.string()).nullish(),
    allowed_tools: z.union([stringArray, approvalFilterSchema]).nullish(),
    require_approval: z
      .union([z.enum(['always', 'never']), z.looseObject({ always: approvalFilterSchema.optional(), never: approvalFilterSchema.optional() })])
      .nullish(),
    defer_loading: z.boolean().optional(),
  })
  .superRefine((tool, ctx) => {
    const targets = [tool.server_url, tool.connector_id, tool.tunnel_id].filter((value) => value !== undefined);
    if (targets.length !== 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['server_url'],
        message:
          targets.length === 0
            ? 'an MCP tool needs exactly one of server_url, connector_id or tunnel_id.'
            : 'give only one of server_url, connector_id or tunnel_id.',
        params: { code: targets.length === 0 ? 'missing_required_parameter' : 'invalid_combination' },
      });
    }
  });

const networkPolicySchema = z.looseObject({ type: z.enum(['disabled', 'allowlist']) });

export const codeInterpreterToolSchema = z.looseObject({
  type: z.literal('code_interpreter'),
  container: z.union([
    z.string().min(1),
    z.looseObject({
      type: z.literal('auto'),
      file_ids: z.array(z.string()).max(50).optional(),
      memory_limit: z.string().nullish(),
      network_policy: networkPolicySchema.optional(),
    }),
  ]),
});

export const imageGenerationToolSchema = z.looseObject({
  type: z.literal('image_generation'),
  model: z.string().optional(),
  quality: z.enum(['low', 'medium', 'high', 'auto']).optional(),
  size: z.string().optional(),
  output_format: z.enum(['png', 'webp', 'jpeg']).optional(),
  output_compression: integerInRange(LIMITS.output_compression).optional(),
  moderation: z.enum(['auto', 'low']).optional(),
  background: z.enum(['transparent', 'opaque', 'auto']).optional(),
  input_fidelity: z.enum(['high', 'low']).nullish(),
  input_image_mask: z.looseObject({ image_url: imageUrlSchema.optional(), file_id: z.string().optional() }).optional(),
  partial_images: integerInRange(LIMITS.partial_images).optional(),
  action: z.enum(['generate', 'edit', 'auto']).optional(),
});

export const localShellToolSchema = z.looseObject({ type: z.literal('local_shell') });

export const shellToolSchema = z.looseObject({
  type: z.literal('shell'),
  environment: z.looseObject({ type: z.string() }).nullish(),
});

export const customToolFormatSchema = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('text') }),
  z.looseObject({ type: z.literal('grammar'), syntax: z.enum(['lark', 'regex']), definition: z.string() }),
]);

export const customToolSchema = z.looseObject({
  type: z.literal('custom'),
  name: identifierName(LIMITS.function_name.maxLength),
  description: z.string().optional(),
  format: customToolFormatSchema.optional(),
  defer_loading: z.boolean().optional(),
});

export const hostedToolSchema = z.looseObject({ type: z.literal('hosted'), name: z.string().min(1) });
export const sleepToolSchema = z.looseObject({ type: z.literal('sleep') });
export const historyToolSchema = z.looseObject({ type: z.literal('history') });

export const toolSchema = z.discriminatedUnion('type', [
  functionToolSchema,
  fileSearchToolSchema,
  computerUsePreviewToolSchema,
  computerToolSchema,
  webSearchToolSchema,
  mcpToolSchema,
  codeInterpreterToolSchema,
  imageGenerationToolSchema,
  localShellToolSchema,
  shellToolSchema,
  customToolSchema,
  webSearchPreviewToolSchema,
  hostedToolSchema,
  sleepToolSchema,
  historyToolSchema,
]);

export type Tool = z.infer<typeof toolSchema>;
export type FunctionTool = z.infer<typeof functionToolSchema>;

export const toolChoiceModeSchema = z.enum(TOOL_CHOICE_MODES);

export const toolChoiceFunctionSchema = z.looseObject({ type: z.literal('function'), name: z.string().min(1) });
export const toolChoiceCustomSchema = z.looseObject({ type: z.literal('custom'), name: z.string().min(1) });
export const toolChoiceMcpSchema = z.looseObject({
  type: z.literal('mcp'),
  server_label: z.string().min(1),
  name: z.string().nullish(),
});
export const toolChoiceHostedSchema = z.looseObject({ type: z.enum(HOSTED_TOOL_CHOICE_TYPES) });
export const toolChoiceAllowedToolsSchema = z.looseObject({
  type: z.literal('allowed_tools'),
  mode: z.enum(ALLOWED_TOOLS_MODES),
  tools: z.array(z.looseObject({ type: z.string() })),
});

export const toolChoiceSchema = z.union([
  toolChoiceModeSchema,
  z.discriminatedUnion('type', [
    toolChoiceFunctionSchema,
    toolChoiceCustomSchema,
    toolChoiceMcpSchema,
    toolChoiceHostedSchema,
    toolChoiceAllowedToolsSchema,
  ]),
]);

export type ToolChoice = z.infer<typeof toolChoiceSchema>;
