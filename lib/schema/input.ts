// Request input: messages with their content parts, tool results, item references and replayed output items.
import { z } from 'zod';
import { AUDIO_INPUT_FORMATS, IMAGE_DETAILS, INPUT_ROLES } from './constants';
import { httpUrlSchema, imageUrlSchema } from './fields';

export const inputTextPartSchema = z.looseObject({ type: z.literal('input_text'), text: z.string() });

export const inputImagePartSchema = z
  .looseObject({
    type: z.literal('input_image'),
    image_url: imageUrlSchema.nullish(),
    file_id: z.string().min(1).nullish(),
    detail: z.enum(IMAGE_DETAILS).optional(),
  })
  .superRefine((part, ctx) => {
    if (part.image_url == null && part.file_id == null) {
      ctx.addIssue({
        code: 'custom',
        path: ['image_url'],
        message: 'an input_image needs an image_url or a file_id.',
        params: { code: 'missing_required_parameter' },
      });
    }
  });

export const inputFilePartSchema = z
  .looseObject({
    type: z.literal('input_file'),
    file_id: z.string().min(1).nullish(),
    file_url: httpUrlSchema.optional(),
    file_data: z.string().min(1).optional(),
    filename: z.string().optional(),
    detail: z.enum(['auto', 'low', 'high']).optional(),
  })
  .superRefine((part, ctx) => {
    if (part.file_id == null && part.file_url === undefined && part.file_data === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['file_id'],
        message: 'an input_file needs a file_id, a file_url or file_data.',
        params: { code: 'missing_required_parameter' },
      });
    }
  });

export const inputAudioPartSchema = z.looseObject({
  type: z.literal('input_audio'),
  input_audio: z.looseObject({ data: z.string().min(1), format: z.enum(AUDIO_INPUT_FORMATS) }),
});

/** Assistant turns replayed from an earlier response keep their output parts. */
export const outputTextPartSchema = z.looseObject({
  type: z.literal('output_text'),
  text: z.string(),
  annotations: z.array(z.looseObject({ type: z.string() })).optional(),
});
export const refusalPartSchema = z.looseObject({ type: z.literal('refusal'), refusal: z.string() });

export const inputContentPartSchema = z.discriminatedUnion('type', [
  inputTextPartSchema,
  inputImagePartSchema,
  inputFilePartSchema,
  inputAudioPartSchema,
  outputTextPartSchema,
  refusalPartSchema,
]);

export type InputContentPart = z.infer<typeof inputContentPartSchema>;

/** `type` may be omitted on a message (the protocol's "easy" message form). */
export const inputMessageSchema = z.looseObject({
  type: z.literal('message').optional(),
  role: z.enum(INPUT_ROLES),
  content: z.union([z.string(), z.array(inputContentPartSchema)]),
  id: z.string().optional(),
  status: z.string().optional(),
  phase: z.string().nullish(),
});

export type InputMessage = z.infer<typeof inputMessageSchema>;

/** Tool outputs are a string or an array of input parts. */
const toolOutputSchema = z.union([z.string(), z.array(inputContentPartSchema)]);
const safetyCheckSchema = z.looseObject({ id: z.string(), code: z.string().nullish(), message: z.string().nullish() });

export const functionCallOutputItemSchema = z.looseObject({
  type: z.literal('function_call_output'),
  call_id: z.string().min(1).max(64),
  output: toolOutputSchema,
});

export const customToolCallOutputItemSchema = z.looseObject({
  type: z.literal('custom_tool_call_output'),
  call_id: z.string().min(1),
  output: toolOutputSchema,
});

export const computerCallOutputItemSchema = z.looseObject({
  type: z.literal('computer_call_output'),
  call_id: z.string().min(1),
  output: z.looseObject({
    type: z.literal('computer_screenshot'),
    image_url: imageUrlSchema.optional(),
    file_id: z.string().optional(),
  }),
  acknowledged_safety_checks: z.array(safetyCheckSchema).nullish(),
});

export const localShellCallOutputItemSchema = z.looseObject({
  type: z.literal('local_shell_call_output'),
  id: z.string().min(1),
  output: z.string(),
});

export const shellCallOutputItemSchema = z.looseObject({
  type: z.literal('shell_call_output'),
  call_id: z.string().min(1),
  output: z.array(
    z.looseObject({
      stdout: z.string(),
      stderr: z.string(),
      outcome: z.looseObject({ type: z.enum(['exit', 'timeout']), exit_code: z.number().int().optional() }),
    }),
  ),
});

export const mcpApprovalResponseItemSchema = z.looseObject({
  type: z.literal('mcp_approval_response'),
  approval_request_id: z.string().min(1),
  approve: z.boolean(),
  reason: z.string().nullish(),
});

export const itemReferenceSchema = z.looseObject({
  type: z.literal('item_reference'),
  id: z.string().min(1),
});

/** Output items sent back verbatim: only the fields that link them to their results are checked. */
export const replayedOutputItemSchemas = [
  z.looseObject({ type: z.literal('function_call'), call_id: z.string().min(1), name: z.string().min(1), arguments: z.string() }),
  z.looseObject({ type: z.literal('custom_tool_call'), call_id: z.string().min(1), name: z.string().min(1), input: z.string() }),
  z.looseObject({ type: z.literal('reasoning'), summary: z.array(z.looseObject({ type: z.string() })) }),
  z.looseObject({ type: z.literal('compaction'), encrypted_content: z.string() }),
  z.looseObject({ type: z.literal('compaction_trigger') }),
  z.looseObject({ type: z.literal('computer_call'), call_id: z.string().min(1) }),
  z.looseObject({ type: z.literal('local_shell_call'), call_id: z.string().min(1) }),
  z.looseObject({ type: z.literal('shell_call'), call_id: z.string().min(1) }),
  z.looseObject({ type: z.literal('web_search_call'), id: z.string().min(1) }),
  z.looseObject({ type: z.literal('file_search_call'), id: z.string().min(1) }),
  z.looseObject({ type: z.literal('code_interpreter_call'), id: z.string().min(1) }),
  z.looseObject({ type: z.literal('image_generation_call'), id: z.string().min(1) }),
  z.looseObject({ type: z.literal('mcp_call'), id: z.string().min(1) }),
  z.looseObject({ type: z.literal('mcp_list_tools'), id: z.string().min(1) }),
  z.looseObject({ type: z.literal('mcp_approval_request'), id: z.string().min(1) }),
] as const;

export const knownInputItemSchema = z.discriminatedUnion('type', [
  inputMessageSchema,
  functionCallOutputItemSchema,
  customToolCallOutputItemSchema,
  computerCallOutputItemSchema,
  localShellCallOutputItemSchema,
  shellCallOutputItemSchema,
  mcpApprovalResponseItemSchema,
  itemReferenceSchema,
  ...replayedOutputItemSchemas,
]);

export const KNOWN_INPUT_ITEM_TYPES: ReadonlySet<string> = new Set(
  knownInputItemSchema.options.flatMap((option) => {
    const type: z.ZodType = option.shape.type;
    const literal = type instanceof z.ZodOptional ? type.unwrap() : type;
    return literal instanceof z.ZodLiteral ? [...literal.values].map(String) : [];
  }),
);

/** A typeless `{id}` is the protocol's short form of an item_reference. */
const itemReferenceShorthandSchema = z.looseObject({
  type: z.undefined().optional(),
  id: z.string().min(1),
  role: z.undefined().optional(),
});

/** Item kinds newer than this schema are forwarded untouched as long as they name their type. */
const unknownInputItemSchema = z.looseObject({
  // abort keeps zod's union from preferring this branch's issue over the known kind's real problem
  type: z.string().refine((type) => !KNOWN_INPUT_ITEM_TYPES.has(type), { abort: true }),
});

export const inputItemSchema = z.union([knownInputItemSchema, itemReferenceShorthandSchema, unknownInputItemSchema]);

export type InputItem = z.infer<typeof inputItemSchema>;

export const inputSchema = z.union([z.string(), z.array(inputItemSchema)], {
  error: 'expected a string or an array of input items.',
});
