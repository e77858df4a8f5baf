// Video and CodePen embeds as players: only URLs of a few known players are turned into an iframe,
// rebuilt from the ids we parsed (never the author's URL as it was), sandboxed, and allowed by the
// CSP's `frame-src` (security-headers.ts lists the same origins). Any other embed stays a card.

/** Origins the players are served from: the CSP's `frame-src`. */
export const PLAYER_ORIGINS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com', 'https://codepen.io'] as const;

export interface Player {
  src: string;
  title: string;
  kind: 'video' | 'codepen';
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;
const CODEPEN_PART = /^[A-Za-z0-9_-]{1,64}$/;

export function playerFor(url: string): Player | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined;
  const host = parsed.hostname.replace(/^(www|m)\./, '');
  const parts = parsed.pathname.split('/').filter(Boolean);
  if (host === 'youtube.com' || host === 'youtube-nocookie.com' || host === 'youtu.be') {
    const id =
      host === 'youtu.be'
        ? parts[0]
        : parts[0] === 'watch'
          ? (parsed.searchParams.get('v') ?? undefined)
          : ['embed', 'shorts', 'live'].includes(parts[0] ?? '')
            ? parts[1]
            : undefined;
    if (id && YOUTUBE_ID.test(id)) return { src: `https://www.youtube-nocookie.com/embed/${id}`, title: 'YouTube video', kind: 'video' };
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const id = host === 'vimeo.com' ? parts[0] : parts[0] === 'video' ? parts[1] : undefined;
    if (id && VIMEO_ID.test(id)) return { src: `https://player.vimeo.com/video/${id}`, title: 'Vimeo video', kind: 'video' };
  }
  if (host === 'codepen.io' && (parts[1] === 'pen' || parts[1] === 'embed') && parts[0] && parts[2]) {
    if (CODEPEN_PART.test(parts[0]) && CODEPEN_PART.test(parts[2]))
      return { src: `https://codepen.io/${parts[0]}/embed/${parts[2]}?default-tab=result`, title: 'CodePen', kind: 'codepen' };
  }
  return undefined;
}
