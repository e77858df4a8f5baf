/** Query of every list operation: an opaque cursor and a page size (1..1000). */
export interface PageQuery {
  page?: string;
  limit?: number;
}

/** Wire shape of every list response. */
export interface List<T> {
  next?: { page: string };
  count: number;
  items: T[];
}

export const DEFAULT_PAGE_LIMIT = 50;
export const MAX_PAGE_LIMIT = 1000;
