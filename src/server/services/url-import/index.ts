export { importArticle } from './importer.ts';
