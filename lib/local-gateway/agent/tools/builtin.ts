// Built-in tools the agent runs itself: each pushes its item (public Responses item shapes) and returns a finding for the final answer.
import { evaluateArithmetic } from '../answer';
import type { JsonObject } from '../contract';
import { deriveId, hashNumber } from '../ids';
import { IMAGE_SIZE_PX, renderPatternBase64 } from '../png';
import { nextId, type Turn } from '../turn';

/** A sentence for the final answer, with annotations indexed into that sentence. */
export interface Finding {
  lead: string;
  annotations: JsonObject[];
}

export const INCLUDE_WEB_SOURCES = 'web_search_call.action.sources';
export const INCLUDE_FILE_RESULTS = 'file_search_call.results';
export const INCLUDE_CODE_OUTPUTS = 'code_interpreter_call.outputs';

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 48) || 'query';
}

function subject(turn: Turn): string {
  const flat = turn.question.replace(/\s+/g, ' ').trim();
  return flat.length > 80 ? `${flat.slice(0, 79)}…` : flat || 'your request';
}

export function runWebSearch(turn: Turn): Finding {
  const query = subject(turn);
  const sources = [
    { type: 'url', url: `https://example.com/articles/${slug(query)}` },
    { type: 'url', url: `https://example.org/reference/${slug(query)}` },
  ];
  const withSources = turn.options.include.has(INCLUDE_WEB_SOURCES);
  turn.items.push({
    id: nextId(turn, 'ws'),
    type: 'web_search_call',
    status: 'completed',
    action: { type: 'search', query, queries: [query], ...(withSources ? { sources } : {}) },
  });
  const title = 'Example Articles';
  const prefix = `I searched the web for "${query}". The best match is `;
  const lead = `${prefix}${title}, with a second view on Example Reference.`;
  const second = lead.indexOf('Example Reference');
  return {
    lead,
    annotations: [
      { type: 'url_citation', url: sources[0]!.url, title, start_index: prefix.length, end_index: prefix.length + title.length },
      { type: 'url_citation', url: sources[1]!.url, title: 'Example Reference', start_index: second, end_index: second + 'Example Reference'.length },
    ],
  };
}

export function runFileSearch(turn: Turn, tool: JsonObject): Finding {
  const query = subject(turn);
  const stores = Array.isArray(tool.vector_store_ids) ? tool.vector_store_ids.map(String) : [];
  const fileId = deriveId('file', turn.request.responseId, turn.items.length, 'file').slice(0, 29);
  const filename = 'notes.md';
  const results = [
    { file_id: fileId, filename, text: `Notes that mention ${query}.`, score: 0.92, attributes: { vector_store_id: stores[0] ?? 'vs_local' } },
  ];
  turn.items.push({
    id: nextId(turn, 'fs'),
    type: 'file_search_call',
    status: 'completed',
    queries: [query],
    results: turn.options.include.has(INCLUDE_FILE_RESULTS) ? results : null,
  });
  const lead = `I searched your files and found ${filename}, which mentions "${query}".`;
  return { lead, annotations: [{ type: 'file_citation', file_id: fileId, filename, index: lead.length }] };
}

function codeFor(turn: Turn): { code: string; logs: string } {
  const computed = evaluateArithmetic(turn.question);
  if (computed) {
    const [expression, value] = computed.split(' = ');
    return { code: `result = ${expression!.replace('×', '*').replace(/ x /, ' * ')}\nprint(result)`, logs: `${value}\n` };
  }
  const count = turn.question.split(/\s+/).filter(Boolean).length;
  return { code: `text = ${JSON.stringify(turn.question)}\nwords = text.split()\nprint(len(words))`, logs: `${count}\n` };
}

export function runCodeInterpreter(turn: Turn, tool: JsonObject): Finding {
  const { code, logs } = codeFor(turn);
  const container = typeof tool.container === 'string' ? tool.container : `cntr_${hashNumber(turn.request.responseId).toString(16)}`;
  turn.items.push({
    id: nextId(turn, 'ci'),
    type: 'code_interpreter_call',
    status: 'completed',
    container_id: container,
    code,
    outputs: turn.options.include.has(INCLUDE_CODE_OUTPUTS) ? [{ type: 'logs', logs }] : null,
  });
  return { lead: `I ran Python in the code interpreter and it printed ${logs.trim()}.`, annotations: [] };
}

export function runImageGeneration(turn: Turn, tool: JsonObject): Finding {
  const id = nextId(turn, 'ig');
  turn.items.push({
    id,
    type: 'image_generation_call',
    status: 'completed',
    result: renderPatternBase64(id),
    revised_prompt: `A geometric pattern of rings and stripes inspired by: ${subject(turn)}`,
    size: `${IMAGE_SIZE_PX}x${IMAGE_SIZE_PX}`,
    quality: typeof tool.quality === 'string' ? tool.quality : 'low',
    output_format: 'png',
    background: 'opaque',
  });
  return { lead: `Here is a ${IMAGE_SIZE_PX}×${IMAGE_SIZE_PX} image of rings and stripes I generated for your request.`, annotations: [] };
}

/** hosted, sleep and history have no item kind of their own: they only shape the answer. */
export function runExtensionTool(turn: Turn, tool: JsonObject): Finding {
  if (tool.type === 'sleep') {
    const seconds = typeof tool.seconds === 'number' ? tool.seconds : 1;
    return { lead: `I used the sleep tool and waited ${seconds} second${seconds === 1 ? '' : 's'}.`, annotations: [] };
  }
  if (tool.type === 'history') {
    const earlier = turn.answer.earlier;
    const lead = earlier.length === 0
      ? 'The history tool shows no earlier messages in this conversation.'
      : `The history tool shows ${earlier.length} earlier message${earlier.length === 1 ? '' : 's'}, the first being "${earlier[0]}".`;
    return { lead, annotations: [] };
  }
  const name = typeof tool.name === 'string' ? tool.name : 'hosted';
  return { lead: `The hosted tool "${name}" ran; in this local simulation it returns no data.`, annotations: [] };
}
