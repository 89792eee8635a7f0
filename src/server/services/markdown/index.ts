export {
  MARKDOWN_RENDER_CHANNEL,
  MarkdownRefusedError,
  MarkdownRenderer,
  type MarkdownRendererOptions,
} from './markdown-renderer.ts';
