import { loader } from '@monaco-editor/react';
import 'monaco-editor/esm/vs/editor/edcore.main';
import * as monaco from 'monaco-editor/esm/vs/editor/editor.api';
import 'monaco-editor/esm/vs/language/json/monaco.contribution';
import EditorWorker from 'monaco-editor/esm/vs/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/esm/vs/language/json/json.worker?worker';
import entityMetaSchema from '../../../schemas/meta/entity.schema.json';

/**
 * Monaco from this bundle, never a CDN (the machines are offline and the CSP allows scripts and
 * workers of the app's own origin only): the core editor with the JSON language, its workers
 * built by Vite as files of their own (`?worker`, CSP `worker-src 'self'`).
 */
self.MonacoEnvironment = {
  getWorker: (_workerId: string, label: string) => (label === 'json' ? new JsonWorker() : new EditorWorker()),
};
loader.config({ monaco });

/**
 * The JSON view checks and completes against the entity meta-schema, bundled: nothing is fetched.
 * Files name it as `"$schema": "../meta/entity.schema.json"`, which resolves to this URI beside
 * the editor's model paths.
 */
monaco.languages.json.jsonDefaults.setDiagnosticsOptions({
  validate: true,
  enableSchemaRequest: false,
  schemaRequest: 'ignore',
  schemas: [{ uri: 'file:///meta/entity.schema.json', fileMatch: ['*.json'], schema: entityMetaSchema }],
});

export { monaco };
