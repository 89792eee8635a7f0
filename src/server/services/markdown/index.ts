export { MarkdownRefusedError, MarkdownRenderer, type MarkdownRendererOptions } from './markdown-renderer.ts';
