// What a room of the reader answers, before Fastify sends it: status, headers and a body. Rooms
// build these so a page can be cached and answered again without a request object.
import { renderStatusPage } from '../render/layout';

export interface ReaderResponse {
  status: number;
  headers: Record<string, string | string[]>;
  body: string | Buffer;
}

export const HTML = 'text/html; charset=utf-8';

export function statusPage(code: number, title: string, message: string): ReaderResponse {
  return { status: code, headers: { 'content-type': HTML, 'cache-control': 'no-cache' }, body: renderStatusPage(code, title, message) };
}

export function textResponse(body: string, type: string): ReaderResponse {
  return { status: 200, headers: { 'content-type': type, 'cache-control': 'public, max-age=60' }, body };
}

export function redirect(status: 301 | 302, location: string, cacheControl: string): ReaderResponse {
  return { status, headers: { location, 'cache-control': cacheControl }, body: '' };
}
