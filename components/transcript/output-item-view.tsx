// Picks the view of an output item by kind; lists items (streamed or stored) with the same views.
import { memo, type ComponentType } from 'react';
import type { OutputItem } from '@/lib/transcript/types';
import { CodeInterpreterView } from './items/code-interpreter-view';
import { ImageGenerationView, type PartialImage } from './items/image-generation-view';
import { McpApprovalRequestView, McpApprovalResponseView, McpCallView, McpListToolsView } from './items/mcp-views';
import { MessageView } from './items/message-view';
import { CompactionView, ItemReferenceView, UnknownItemView } from './items/misc-views';
import { ReasoningView } from './items/reasoning-view';
import { FileSearchView, WebSearchView } from './items/search-views';
import { LocalShellCallView, LocalShellOutputView, ShellCallView, ShellOutputView } from './items/shell-views';
import { CallOutputView, ComputerCallOutputView, ComputerCallView, CustomToolCallView, FunctionCallView } from './items/tool-call-views';

const VIEWS: Record<string, ComponentType<{ item: OutputItem }>> = {
  message: MessageView,
  reasoning: ReasoningView,
  function_call: FunctionCallView,
  function_call_output: CallOutputView,
  custom_tool_call: CustomToolCallView,
  custom_tool_call_output: CallOutputView,
  web_search_call: WebSearchView,
  file_search_call: FileSearchView,
  computer_call: ComputerCallView,
  computer_call_output: ComputerCallOutputView,
  code_interpreter_call: CodeInterpreterView,
  local_shell_call: LocalShellCallView,
  local_shell_call_output: LocalShellOutputView,
  shell_call: ShellCallView,
  shell_call_output: ShellOutputView,
  mcp_list_tools: McpListToolsView,
  mcp_approval_request: McpApprovalRequestView,
  mcp_approval_response: McpApprovalResponseView,
  mcp_call: McpCallView,
  item_reference: ItemReferenceView,
  compaction: CompactionView,
};

export function OutputItemView({ item, partialImage }: { item: OutputItem; partialImage?: PartialImage }) {
  if (item.type === 'image_generation_call') return <ImageGenerationView item={item} partialImage={partialImage} />;
  const View = VIEWS[item.type] ?? UnknownItemView;
  return <View item={item} />;
}

/** Items keep their identity while other items stream (the reducer copies only what changed), so finished ones skip re-rendering. */
const MemoOutputItemView = memo(OutputItemView);

/** Renders output items in order; holes (items not added yet) are skipped. */
export function OutputItemList({ items, partialImages = {} }: { items: readonly (OutputItem | undefined)[]; partialImages?: Record<number, PartialImage> }) {
  return (
    <ol data-testid="output-items" className="space-y-2">
      {items.map((item, at) =>
        item ? (
          <li key={typeof item.id === 'string' ? `${item.id}-${at}` : at}>
            <MemoOutputItemView item={item} partialImage={partialImages[at]} />
          </li>
        ) : null,
      )}
    </ol>
  );
}
