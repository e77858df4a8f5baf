import { statusPage, type ReaderResponse } from '../response';

export function notFound(): ReaderResponse {
  return statusPage(404, 'Page not found', 'There is no page at this address.');
}
