import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The sample article of the importer tests: head metadata, nav, a table, code, relative URLs. */
export const articleHtml = readFileSync(new URL('./article.html', import.meta.url), 'utf8');

export interface FixtureServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  port: number;
  /** Paths requested so far. */
  requests: string[];
  /** TCP connections accepted so far, to prove a refused target was never even connected to. */
  connections(): number;
  close(): Promise<void>;
}

/** A real HTTP server on loopback, answering with `handler`. */
export async function startFixtureServer(
  handler: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<FixtureServer> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(request.url ?? '');
    handler(request, response);
  });
  let connections = 0;
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    requests,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function sendHtml(response: ServerResponse, html: string, status = 200): void {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  response.end(html);
}

export function redirect(response: ServerResponse, location: string, status = 302): void {
  response.writeHead(status, { location });
  response.end();
}
