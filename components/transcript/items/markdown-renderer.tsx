// Markdown of model text (loaded on first use): GFM, raw HTML shown as text, safe links, remote images only on request.
import ReactMarkdown, { defaultUrlTransform, type UrlTransform } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { isInlineImage, ModelImage } from './model-image';
import { SafeLink, ScrollablePre } from './safe-link';

type MarkdownNode = { type: string; children?: MarkdownNode[] };

/** Raw HTML in model text is shown as the characters it is: never rendered, and not silently dropped either. */
function remarkHtmlAsText() {
  return (tree: MarkdownNode) => {
    const stack = [tree];
    for (let node = stack.pop(); node; node = stack.pop()) {
      if (node.type === 'html') node.type = 'text';
      if (node.children) stack.push(...node.children);
    }
  };
}

/** Links and images keep react-markdown's safe protocols; an image may also be an inline base64 raster (no fetch). */
const transformUrl: UrlTransform = (url, key) => (key === 'src' && isInlineImage(url) ? url : defaultUrlTransform(url));

const MARKDOWN_COMPONENTS = { a: SafeLink, pre: ScrollablePre, img: ModelImage };
const REMARK_PLUGINS = [remarkGfm, remarkHtmlAsText];

export default function MarkdownRenderer({ source }: { source: string }) {
  return (
    <ReactMarkdown remarkPlugins={REMARK_PLUGINS} skipHtml urlTransform={transformUrl} components={MARKDOWN_COMPONENTS}>
      {source}
    </ReactMarkdown>
  );
}
